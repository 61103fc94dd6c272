"""The referee's tools: one event's ruling (``referee.ruling``), printed as a ruling sheet (``referee.sheet``)."""
