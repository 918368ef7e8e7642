"""Embedders: the real MiniLM model, the hashing fallback, an OpenAI-compatible endpoint."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import numpy as np
import pytest

from memory.errors import SearchIndexError
from memory.search.embedders import (
    HashingEmbedder,
    MiniLMEmbedder,
    ModelUnavailableError,
    OpenAICompatibleEmbedder,
)


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_minilm_runs_offline_and_ranks_by_meaning() -> None:
    model = MiniLMEmbedder()
    vectors = model.embed(
        ["The NAS is at 10.0.0.5", "where is the network storage?", "I like pizza with olives"]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    sims = vectors @ vectors.T
    assert sims[0, 1] > sims[0, 2] + 0.2
    # Batching (padding to the longest) does not change a text's vector.
    alone = model.embed(["where is the network storage?"])[0]
    assert float(alone @ vectors[1]) > 0.999


@pytest.mark.integration  # the real model
def test_minilm_from_several_threads_at_once_gives_the_same_vectors() -> None:
    from concurrent.futures import ThreadPoolExecutor

    model = MiniLMEmbedder()
    texts = [f"Checked sensor {i} in greenhouse row {i % 7} after the frost." for i in range(48)]
    batches = [texts[i : i + 6] for i in range(0, len(texts), 6)]
    alone = model.embed(texts)
    for _ in range(3):
        model.embed(texts[:2])
    assert model._idle.qsize() == 1  # one caller at a time: one session, reused
    with ThreadPoolExecutor(max_workers=3) as pool:
        together = np.concatenate(list(pool.map(model.embed, batches)))
    assert np.allclose(alone, together, atol=1e-5)
    sessions = model._idle.qsize()
    assert sessions <= 3  # never more sessions than callers at once (8 batches, 3 threads)
    for _ in range(3):
        model.embed(texts[:2])
    assert model._idle.qsize() == sessions  # kept for the next calls, not rebuilt


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_minilm_refuses_files_that_fail_their_checksum(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    bad = Path(str(tmp_path)) / "model.onnx"
    bad.write_bytes(b"not a model")
    with pytest.raises(ModelUnavailableError, match="sha256"):
        MiniLMEmbedder(model=bad)


def test_hashing_embedder_is_lexical_and_deterministic() -> None:
    emb = HashingEmbedder()
    a, b, c = emb.embed(["backup job failed", "the backup job failed", "olive pizza tonight"])
    assert float(a @ b) > 0.7 and float(a @ b) > float(a @ c) + 0.4
    assert np.array_equal(emb.embed(["backup job failed"])[0], a)


class _Handler(BaseHTTPRequestHandler):
    fail = False

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if _Handler.fail:
            self.send_response(500)
            self.end_headers()
            return
        data = [
            {"index": i, "embedding": [float(len(t)), 1.0, 0.0]}
            for i, t in enumerate(body["input"])
        ]
        payload = json.dumps({"data": data}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def endpoint() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()
    _Handler.fail = False


def test_openai_compatible_endpoint_embeds_and_fails_loudly(endpoint: str) -> None:
    emb = OpenAICompatibleEmbedder(endpoint, "test-model")
    assert emb.identity.dimension == 3 and emb.identity.name == "openai-compatible:test-model"
    vectors = emb.embed(["ab", "abcd"])
    assert vectors.shape == (2, 3)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    _Handler.fail = True
    with pytest.raises(SearchIndexError, match="does not switch to another model"):
        emb.embed(["x"])
