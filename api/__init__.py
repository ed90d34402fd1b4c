"""The referee's HTTP service (FastAPI)."""
