"""A learned scorer over (key word, value) pairs for the secret guard, measured leaving one
writer out. It is not part of the guard: this script says whether it would help.

    python scripts/train_secret_pairs.py
    python scripts/train_secret_pairs.py --base-rules v6=DIR   # + the guard in DIR ∪ scorer

Every token that could be a value (a digit, a symbol between letters, mixed case) with a word
of the credential vocabulary (memory/secret_vocab.py) within a dozen words is described by the
pair: the key word's family (password, code, network, token, what a code opens), its side and
distance, the words and marks between them (':', '→', "is", quotes, a line break), the value's
shape (length, character classes, digits only, entropy) and the words right around it.
Logistic regression over hashed features; a text's score is its best pair's.

Each labelled set in tests/data/secrets/ was written by a different person. For each set X the
scorer is fitted on the other sets and scored on X; ``--base-rules X=DIR`` joins it to the
guard in DIR (``git archive <commit> memory | tar -x -C DIR``: the guard before X was read).
PAIRS_L2, PAIRS_STEPS and PAIRS_OTHERS (1: a secret text's other tokens count as negatives)
change the fit.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train_secret_model import SETS, base_flags, load, rates  # noqa: E402
from train_secret_model import fit as fit_model  # noqa: E402

from memory.secret_model import _could_be_value, _fold, _value_features  # noqa: E402
from memory.secret_vocab import LazyPattern, pattern  # noqa: E402

DIMENSIONS = 1 << 15
_WINDOW = 12
_TOKEN = re.compile(r"\S+")
_TRIM = "\"'`“”«»„‘’()[]{}<>,;.!?:"
_FAMILIES: dict[str, tuple[str, ...]] = {
    "pw": ("password", "passphrase", "code_word", "answer", "credentials", "login", "connection"),
    "pin": ("pin", "code", "combination", "card_code", "card_generic", "recovery", "totp"),
    "net": ("network", "wifi_key"),
    "tok": ("token", "seed", "vault"),
    "opens": ("entry", "container", "keybox", "padlock", "lock", "alarm", "device", "voicemail"),
}
_CUES = LazyPattern(
    lambda: (
        "(?i)"
        + "|".join(
            rf"(?P<{name}>(?<!\w){pattern(*kinds)}(?!\w))" for name, kinds in _FAMILIES.items()
        )
    ),
)


@dataclass(frozen=True, slots=True)
class Pair:
    """A candidate value and the features of it with its nearest key words."""

    start: int
    end: int
    features: tuple[str, ...]


def _entropy(value: str) -> int:
    counts = Counter(value)
    n = len(value)
    bits = -sum(c / n * math.log2(c / n) for c in counts.values())
    return min(5, int(bits))


def _between(text: str) -> list[str]:
    out = []
    if ":" in text:
        out.append("sep::")
    if "=" in text:
        out.append("sep:=")
    if "→" in text or "->" in text:
        out.append("sep:arrow")
    if "\n" in text:
        out.append("sep:newline")
    if any(q in text for q in "\"'“”«»"):
        out.append("sep:quote")
    words = [_fold(w.strip(_TRIM)) for w in text.split()]
    words = [w for w in words if w]
    out.append(f"nwords:{min(len(words), 6)}")
    out += [f"btw:{w}" for w in words[:6]]
    return out


def pairs(text: str) -> list[Pair]:
    """Every candidate value with a key word within the window, with its pair features."""
    cues = [(m.start(), m.end(), m.lastgroup or "") for m in _CUES.finditer(text)]
    if not cues:
        return []
    tokens = list(_TOKEN.finditer(text))
    starts = [t.start() for t in tokens]
    out: list[Pair] = []
    for i, tok in enumerate(tokens):
        raw = tok.group(0)
        value = raw.strip(_TRIM) if raw[-1:] not in "#*!?" else raw.lstrip(_TRIM)
        if not _could_be_value(value):
            continue
        near: list[tuple[int, int, int, str]] = []  # (distance, cue start, cue end, family)
        for c_start, c_end, family in cues:
            if c_start < tok.end() and tok.start() < c_end:
                continue  # the value is the key word itself
            at = _index(starts, c_start)
            distance = i - at if c_start < tok.start() else at - i
            if 0 <= abs(distance) <= _WINDOW:
                near.append((abs(distance), c_start, c_end, family))
        if not near:
            continue
        near.sort()
        dist, c_start, c_end, family = near[0]
        before = c_end <= tok.start()
        side = "L" if before else "R"
        feats = ["bias", *_value_features(value), f"ent:{_entropy(value)}"]
        feats += [f"cue:{family}:{side}:{min(dist, 6)}", f"cue:{family}", f"side:{side}"]
        feats += sorted({f"fam:{f}" for _, _, _, f in near})
        gap = text[c_end : tok.start()] if before else text[tok.end() : c_start]
        feats += _between(gap)
        left = text[max(0, tok.start() - 40) : tok.start()].split()[-1:]
        right = text[tok.end() : tok.end() + 40].split()[:1]
        feats += [f"l1:{_fold(w.strip(_TRIM))}" for w in left]
        feats += [f"r1:{_fold(w.strip(_TRIM))}" for w in right]
        if not right:
            feats.append("last")
        out.append(Pair(tok.start(), tok.end(), tuple(feats)))
    return out


def _index(starts: list[int], offset: int) -> int:
    import bisect

    return max(0, bisect.bisect_right(starts, offset) - 1)


def pair_features(names: tuple[str, ...]) -> np.ndarray:
    """Hashed indexes of feature names."""
    return np.fromiter(
        (zlib.crc32(name.encode("utf-8")) % DIMENSIONS for name in names), dtype=np.int64
    )


THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)


def samples(rows: list[dict[str, str]]) -> tuple[list[np.ndarray], np.ndarray]:
    """Pairs with labels: the value's own token in a secret text 1, any pair of a clean text 0."""
    xs: list[np.ndarray] = []
    ys: list[float] = []
    for row in rows:
        secret = row["label"] == "secret"
        value = row.get("value") or ""
        at = row["text"].find(value) if secret and value else -1
        for pair in pairs(row["text"]):
            inside = secret and at >= 0 and pair.start < at + len(value) and at < pair.end
            if secret and not inside and not OTHERS:
                continue  # a user name or a host beside the secret: not labelled
            xs.append(pair_features(pair.features))
            ys.append(1.0 if inside else 0.0)
    return xs, np.array(ys)


OTHERS = bool(int(os.environ.get("PAIRS_OTHERS", "0")))
L2 = float(os.environ.get("PAIRS_L2", "3e-3"))
STEPS = int(os.environ.get("PAIRS_STEPS", "300"))


def fit(xs: list[np.ndarray], y: np.ndarray) -> np.ndarray:
    """The token model's fit (``train_secret_model.fit``) over the pair features."""
    return fit_model(xs, y, L2, STEPS, DIMENSIONS)


def text_scores(rows: list[dict[str, str]], w: np.ndarray) -> np.ndarray:
    out = []
    for row in rows:
        found = pairs(row["text"])
        best = max((float(w[pair_features(p.features)].sum()) for p in found), default=-50.0)
        out.append(1 / (1 + np.exp(-best)))
    return np.array(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-rules", action="append", default=[], metavar="SET=DIR")
    args = parser.parse_args()
    bases = dict(item.split("=", 1) for item in args.base_rules)
    sets = {name: load(name) for name in SETS}
    for test in SETS:
        train = [name for name in SETS if name != test]
        w = fit(*samples([row for name in train for row in sets[name]]))
        scores = text_scores(sets[test], w)
        print(f"\nfit on {', '.join(train)}, scored on {test}:")
        for t in THRESHOLDS:
            print(f"  scorer alone ≥ {t}: {rates(sets[test], scores >= t)}")
        if test in bases:
            rules = base_flags(Path(bases[test]), sets[test])
            print(f"  rules before {test} was read: {rates(sets[test], rules)}")
            for t in THRESHOLDS:
                print(f"  those rules ∪ scorer ≥ {t}: {rates(sets[test], rules | (scores >= t))}")


if __name__ == "__main__":
    main()
