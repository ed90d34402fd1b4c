"""The API's routers, one per concern."""
