"""Work spread over a Dask cluster: a season priced on many machines (``cluster.season``; issue 39)."""
