"""Every route, sent requests generated from the service's own OpenAPI document
(schemathesis, derandomized: every run sends the same ones), with the trained judges
answering the judge routes: no request is answered with a 500, and every refusal is the
JSON error body, naming its kind. Table routes get unknown tables and no tokens here; a
manual run with a seat's token (2,494 and 2,502 requests on an OUAT and a Dixit table,
2026-12-03) found no 500 either. That run and this one found a 405 without its ``Allow``
header and an action without ``type`` told only pydantic's "Unable to extract tag"
(``test_errors.py`` has both)."""

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from api.main import create_app
from referee.judge.panel import ModelJudge

APP = create_app(":memory:", judge_factory=ModelJudge)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
ERROR_FIELDS = {"error", "message", "rule"}


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as client:
        yield client


@SCHEMA.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_the_schema_describes_gets_a_server_error(case, client):
    response = case.call(session=client)
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == ERROR_FIELDS and body["error"] and body["message"], body
