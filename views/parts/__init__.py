"""What the pages are built from: the table frame, texts (zh/en), shared widgets, session state and caches."""
