"""The OpenAPI document is valid and complete; the published game schemas validate actions."""

import jsonschema
import pytest
from fastapi.testclient import TestClient
from openapi_spec_validator import validate

from api.main import create_app
from tests.api.ouat_http import OuatTable

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def document():
    return TestClient(create_app()).get("/openapi.json").json()


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def test_the_document_is_valid_openapi(document):
    validate(document)
    assert document["openapi"].startswith("3.1")


def test_every_route_is_there(document):
    found = {(path, method) for path, method, _ in operations(document)}
    assert found == {
        ("/health", "get"),
        ("/v1/games", "get"),
        ("/v1/tables", "post"),
        ("/v1/tables/{table_id}", "get"),
        ("/v1/tables/{table_id}/seats/{seat}", "post"),
        ("/v1/tables/{table_id}/actions", "post"),
        ("/v1/tables/{table_id}/actions/legal", "get"),
        ("/v1/tables/{table_id}/events", "get"),
        ("/v1/judge/mention", "post"),
        ("/v1/judge/coherence", "post"),
        ("/v1/judge/ending", "post"),
        ("/v1/judge/clue", "post"),
    }
    assert "/v1/tables/{table_id}/ws" in document["info"]["description"]


def test_every_answer_is_described(document):
    for path, method, operation in operations(document):
        assert operation.get("description"), (path, method)
        success = [code for code in operation["responses"] if code.startswith("2")]
        assert len(success) == 1, (path, method)
        assert operation["responses"][success[0]]["content"]["application/json"]["schema"]
        for code, response in operation["responses"].items():
            if code.startswith("4"):
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, method, code)
        if path.startswith("/v1/tables/"):
            assert {"404", "422"} <= set(operation["responses"]), (path, method)
    assert "HTTPValidationError" not in document["components"]["schemas"]


def test_the_judge_routes_are_described(document):
    for route in ["mention", "coherence", "ending"]:
        operation = document["paths"][f"/v1/judge/{route}"]["post"]
        assert set(operation["responses"]) == {"200", "422", "503"}, route
        assert f"/v1/judge/{route}" in document["info"]["description"]
    schemas = document["components"]["schemas"]
    assert set(schemas["MentionQuery"]["properties"]) == {"sentence", "context", "cards"}
    verdict = schemas["MentionVerdict"]["properties"]
    assert set(verdict) == {"card", "decision", "score", "evidence", "reason"}
    assert verdict["decision"]["enum"] == ["accept", "reject", "vote"]
    assert set(schemas["CoherenceQuery"]["properties"]) == {"context", "sentence"}
    assert set(schemas["EndingQuery"]["properties"]) == {"context", "lead_in", "ending"}
    for name, accept in [
        ("CoherenceVerdict", "accept: coherent"),
        ("EndingVerdict", "accept: the"),
    ]:
        answer = schemas[name]["properties"]
        assert set(answer) == {"judge", "version", "decision", "score", "evidence", "reason"}
        assert answer["decision"]["description"].startswith(accept), name


def test_tokens_are_documented(document):
    assert document["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    security = {
        (path, method): operation.get("security")
        for path, method, operation in operations(document)
    }
    assert security[("/v1/tables/{table_id}/actions", "post")] == [{"HTTPBearer": []}]
    assert {} in security[("/v1/tables/{table_id}", "get")], "the token is optional there"


def test_published_schemas_validate_configs_and_actions(client):
    games = {game["name"]: game for game in client.get("/v1/games").json()}
    ouat = games["ouat"]
    config = {"players": ["Ana", "Ben", "Cy"]}
    jsonschema.validate(config, ouat["config_schema"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"players": "Ana"}, ouat["config_schema"])
    table = OuatTable(client, config["players"], first="Ana")
    for seat in config["players"]:
        legal = client.get(f"/v1/tables/{table.id}/actions/legal", headers=table.auth(seat))
        for action in legal.json():
            jsonschema.validate(action, ouat["action_schema"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "tell", "player": "Ana"}, ouat["action_schema"])
