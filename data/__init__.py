"""Deal library: persistence with SQLModel (SQLite by default, PostgreSQL for a club server). Later issue."""
