"""The OpenAPI document is the truth about the service: schemathesis reads ``/openapi.json`` from
the live server, generates requests for every operation from it (bodies that fit the schema, and
bodies that do not), and checks every answer: never a 5xx, a status code the document lists,
the content type it lists, and a body that fits the schema it gives for that status."""

from __future__ import annotations

import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.specs.openapi.checks import (
    content_type_conformance, negative_data_rejection, response_schema_conformance,
    status_code_conformance,
)
from tests.service.servicekit import Server

from pinochle.service.app import create_app

CHECKS = [schemathesis.checks.not_a_server_error, status_code_conformance,
          content_type_conformance, response_schema_conformance, negative_data_rejection]


#: Examples per operation and generation mode: the whole test stays well under a minute.
EXAMPLES = 100


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                         ids=["fitting", "not-fitting"])
def test_no_request_breaks_the_service_or_its_schema(server: Server, mode) -> None:
    """Every operation of the live document (the other parts' too, once merged)."""
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {"/v1/validate", "/v1/melds", "/v1/format", "/v1/rulesets"} <= {
        op.path for op in operations}
    if mode is GenerationMode.NEGATIVE:      # a request with nothing in it cannot be unfit
        operations = [op for op in operations if {"requestBody", "parameters"} &
                      set(op.definition.raw)]
    unfit_impossible: list[str] = []
    for operation in operations:
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy(generation_mode=mode))
        def check(case: schemathesis.Case) -> None:
            case.call_and_validate(checks=CHECKS)

        try:
            check()
        except Unsatisfiable:
            # an operation whose every input fits (a free string in the path): no unfit request
            # exists to send; a fitting one is still sent in the other mode
            assert mode is GenerationMode.NEGATIVE, operation.path
            unfit_impossible.append(operation.path)
    assert len(unfit_impossible) < len(operations) / 2, unfit_impossible


def test_the_document_publishes_the_report_schema() -> None:
    """The validate answer's schema is the report's own (docs/report-schema.md)."""
    document = create_app().openapi()
    answer = document["paths"]["/v1/validate"]["post"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Report"}
    report = document["components"]["schemas"]["Report"]
    assert report["properties"]["schema_version"]["const"] == 2
    bodies = document["paths"]["/v1/validate"]["post"]["requestBody"]["content"]
    assert set(bodies) == {"text/plain", "application/json"}
    assert bodies["application/json"]["schema"]["required"] == ["text"]
    melds = document["paths"]["/v1/melds"]["post"]["requestBody"]["content"]
    assert [s["title"] for s in melds["application/json"]["schema"]["oneOf"]] == [
        "MeldsAtPoint", "MeldsInPosition"]
    for path in ("/v1/validate", "/v1/melds", "/v1/format"):
        statuses = document["paths"][path]["post"]["responses"]
        assert {"400", "413", "415", "422", "504"} <= set(statuses)
