"""A club's season: what its deals' results say of its players (ratings, partners and opponents, trends), computed
from ``season.results.DealResult`` records, never from the database (``data`` reads the stored deals into them)."""
