"""Creating rulings and the service's smaller promises: the token
before the body, ``--token-file``, a size cap and a write rate without a token, 415 and 400 on
``/v1/rulings`` as on the other routes, ``Allow`` on 405, an empty body refused, every ``$ref`` of
``/openapi.json`` resolving, and docs/service.md naming the examples actually served."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.service.servicekit import PINOCHLE, Server, running

ROOT = Path(__file__).resolve().parents[2]
QUESTION = {"kind": "melds", "request": {"exposed": "A♥ T♥", "concealed": "", "meld": "♥2"}}


def post(http: httpx.Client, body: bytes | None = None, **headers: str) -> httpx.Response:
    content = body if body is not None else httpx.Request(
        "POST", "/", json=QUESTION).content
    return http.post("/v1/rulings", content=content,
                     headers={"Content-Type": "application/json", **headers})


@pytest.mark.slow
def test_the_token_is_checked_before_the_body_and_read_from_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "token"
    secret.write_text("s3cret\n", encoding="utf-8")
    with running(tmp_path / "data", "--token-file", str(secret)) as server, \
            server.client() as http:
        for body in (b"{not json", b"", b"[" * 100_000):
            refused = post(http, body)
            assert refused.status_code == 401, refused.text
            assert refused.headers["www-authenticate"].startswith("Bearer")
        assert post(http, Authorization="Bearer wrong").status_code == 401
        assert post(http, Authorization="Bearer s3cret").status_code == 201
        assert post(http, b"{not json", Authorization="Bearer s3cret").status_code == 400
        server.kill()
        assert "warning" not in server.log()


def test_token_on_the_command_line_warns_and_an_empty_token_file_is_a_usage_error(
        tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("\n", encoding="utf-8")
    done = subprocess.run([PINOCHLE, "serve", "--token-file", str(empty), "--data-dir",
                           str(tmp_path)], capture_output=True, timeout=60, check=False)
    assert done.returncode == 4
    first = done.stderr.decode().splitlines()[0]
    assert first.startswith("pinochle serve: error: --token-file: '/")
    assert first.endswith("' is empty; expected the token on its first line")
    done = subprocess.run([PINOCHLE, "serve", "--token", "x", "--port", "0", "--workers", "0"],
                          capture_output=True, timeout=60, check=False)
    assert done.stderr.decode().startswith(
        "pinochle serve: warning: --token is visible to every user of this machine (ps)")


@pytest.mark.slow
def test_without_a_token_a_write_rate_and_a_ruling_size_cap(tmp_path: Path) -> None:
    env = {"PINOCHLE_WRITE_RATE": "3", "PINOCHLE_RULING_MAX": "5000"}
    with running(tmp_path, env=env) as server, server.client() as http:
        record = (ROOT / "corpus" / "games" / "club-night.pin").read_text(encoding="utf-8")
        big = {"kind": "validate", "request": {"text": record}}
        too_big = post(http, httpx.Request("POST", "/", json=big).content)
        assert too_big.status_code == 413, too_big.text
        assert "PINOCHLE_RULING_MAX" in too_big.json()["error"]["message"]
        answers = [post(http) for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]    # the 413 counted too
        assert int(answers[-1].headers["retry-after"]) >= 1
        assert answers[-1].json()["error"]["status"] == 429


def test_rulings_read_their_body_as_every_route_does(server: Server) -> None:
    with server.client() as http:
        wrong_type = post(http, b"kind=melds", **{"Content-Type": "text/plain"})
        assert wrong_type.status_code == 415
        assert wrong_type.json()["error"]["message"] == \
            "this address reads application/json, not text/plain"
        malformed = post(http, b'{"kind": ')
        assert malformed.status_code == 400
        assert malformed.json()["error"]["message"].startswith("malformed JSON: ")


def test_an_empty_body_is_refused_where_one_is_required(server: Server) -> None:
    with server.client() as http:
        for path in ("/v1/validate", "/v1/format", "/v1/melds", "/v1/rulings"):
            answer = http.post(path, content=b"")
            assert answer.status_code == 400, (path, answer.text)
            assert answer.json()["error"]["message"].startswith("the request body is empty")


def test_405_answers_say_what_is_allowed(server: Server) -> None:
    with server.client() as http:
        assert http.get("/v1/validate").headers["allow"] == "POST"
        assert http.delete("/healthz").headers["allow"] == "GET"
        assert http.put("/v1/validate").json()["error"]["status"] == 405


def refs(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [r for k, v in value.items() for r in ([v] if k == "$ref" else refs(v))]
    if isinstance(value, list):
        return [r for v in value for r in refs(v)]
    return []


def test_every_ref_of_the_openapi_document_resolves(server: Server) -> None:
    with server.client() as http:
        document = http.get("/openapi.json").json()
    found = refs(document)
    assert len(found) > 20
    for ref in found:
        node = document
        assert ref.startswith("#/"), ref
        for part in ref[2:].split("/"):
            assert part in node, f"{ref} does not resolve"
            node = node[part]


def test_the_docs_name_every_example_served(server: Server) -> None:
    with server.client() as http:
        served = {e["name"] for e in http.get("/v1/examples").json()}
    docs = (ROOT / "docs" / "service.md").read_text(encoding="utf-8")
    paragraph = docs[docs.index("`GET /v1/examples` lists"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    named = {m.group(1) for m in re.finditer(r"`(?:games|faulty)/([\w-]+)\.pin`", paragraph)}
    assert named == served


def test_the_service_benchmark_help_is_whole() -> None:
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "service.py"), "--help"],
                          capture_output=True, text=True, timeout=60, check=True)
    description = " ".join(done.stdout.split("\n\n")[1].split())
    source = (ROOT / "benchmarks" / "service.py").read_text(encoding="utf-8")
    first = source.split('"""')[1].split("\n\n")[0]     # the docstring's first paragraph
    assert description == " ".join(first.split())
    assert description.endswith("then a table of them all.")
