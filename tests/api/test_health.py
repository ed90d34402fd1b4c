"""The service answers its health check and publishes a valid OpenAPI document."""

from fastapi.testclient import TestClient

from api.main import create_app


def test_health():
    client = TestClient(create_app())
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and "ouat" in body["games"]


def test_openapi_document():
    client = TestClient(create_app())
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert "/health" in document["paths"]
    assert client.get("/docs").status_code == 200
