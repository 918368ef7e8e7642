"""The labelled secrets corpus (tests/data/secrets/README.md says how each set was written).

Every set here has been read and tuned on: the first corpus (train, its first frozen part
test_v1 and our own extra cases), the second independently written set (frozen_v2: once
measured at recall 124/159 = 0.780, false refusals 1/140 = 0.007 before it was tuned on), the
third (frozen_v3: once measured at recall 216/242 = 0.893, false refusals 1/181 = 0.006 before
its misses were studied by kind of phrasing), the fourth (frozen_v4: once at 204/248 = 0.823,
3/207 = 0.014, then studied the same way), the fifth (frozen_v5: 219/239 = 0.916, 1/199 =
0.005 when read), the sixth (frozen_v6: 223/256 = 0.871 before a round's changes, 227/256 =
0.887 after), the seventh (frozen_v7: 205/239 = 0.858 before a round's changes, 210/239 =
0.879 after), the eighth (frozen_v8: 228/252 = 0.905 before, 235/252 = 0.933 after), the
ninth (frozen_v9: 226/246 = 0.919 before and after a round's changes), the tenth and the
eleventh (below) and the probes
written with the rules. They are training data: the floors below hold what is measured on
them now, so a change that loses any of it fails. They say nothing about text written by
someone else; that is measured on a set never read here (``benchmarks/secret_detection.py
--file``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory.secrets import scan_batch

DATA = Path(__file__).resolve().parents[2] / "data" / "secrets"


def _load(*names: str) -> list[dict[str, str]]:
    rows = []
    for name in names:
        rows += [json.loads(line) for line in (DATA / name).read_text().splitlines() if line]
    return rows


def _rates(rows: list[dict[str, str]]) -> tuple[float, float]:
    flagged = [bool(f) for f in scan_batch([row["text"] for row in rows])]
    secrets = [hit for row, hit in zip(rows, flagged, strict=True) if row["label"] == "secret"]
    clean = [hit for row, hit in zip(rows, flagged, strict=True) if row["label"] == "clean"]
    return sum(secrets) / len(secrets), sum(clean) / len(clean)


@pytest.mark.parametrize(
    "names",
    [
        ("train.jsonl", "train_extra.jsonl", "test_v1.jsonl"),
        ("frozen_v2.jsonl",),
        ("frozen_v3.jsonl",),
        ("train_probes.jsonl",),
        ("train_probes_2.jsonl",),
    ],
)
def test_every_training_set_is_classified(names: tuple[str, ...]) -> None:
    recall, false_refusals = _rates(_load(*names))
    assert (recall, false_refusals) == (1.0, 0.0)


@pytest.mark.parametrize(
    "name", ["train.jsonl", "train_extra.jsonl", "frozen_v2.jsonl", "frozen_v3.jsonl"]
)
def test_findings_name_the_kind_never_the_value(name: str) -> None:
    rows = [row for row in _load(name) if row["label"] == "secret"]
    for row, kinds in zip(rows, scan_batch([row["text"] for row in rows]), strict=True):
        for kind in kinds:
            for part in row["value"].split():
                assert len(part) < 4 or part not in kind, (kind, row["kind"])


def test_corpus_files_are_the_frozen_split() -> None:
    names = (
        "train.jsonl",
        "test_v1.jsonl",
        "frozen_v2.jsonl",
        "frozen_v3.jsonl",
        "train_probes.jsonl",
        "train_probes_2.jsonl",
    )
    counts = {name: len(_load(name)) for name in names}
    assert counts == {
        "train.jsonl": 257,
        "test_v1.jsonl": 148,
        "frozen_v2.jsonl": 299,
        "frozen_v3.jsonl": 423,
        "train_probes.jsonl": 474,
        "train_probes_2.jsonl": 695,
    }


def test_fourth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v4: written by someone who saw neither the rules nor the earlier sets, read
    once (recall 204/248 = 0.823, false refusals 3/207 = 0.014: the 0.98 target missed).
    Its misses were then studied by kind of phrasing: 241/248 = 0.972 and 0/207, then
    245/248 = 0.988 and 0/207 after the credential vocabulary and the checks written from
    the fifth set's misses; 246/248 with a network's key read by its shape. A floor, not a
    result: it is training data, and whether the target holds is for a set nobody has read
    to say. 247/248 since."""
    recall, false_refusals = _rates(_load("frozen_v4.jsonl"))
    assert recall >= 247 / 248 and false_refusals == 0.0


def test_fifth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v5: written by someone who saw neither the rules nor the earlier sets, read once
    before a round's changes (recall 201/239 = 0.841, false refusals 1/199 = 0.005: the
    target missed) and once after (219/239 = 0.916, 1/199). Its misses were then studied by
    mechanism: 237/239 = 0.992, 1/199; with the sixth set's mechanisms 238/239, with the
    answer someone set for a security question 239/239. Training data: a floor, not a
    result."""
    recall, false_refusals = _rates(_load("frozen_v5.jsonl"))
    assert recall >= 239 / 239 and false_refusals <= 1 / 199


def test_sixth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v6: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages), read once before a round's changes (recall 223/256 = 0.871, false
    refusals 1/210 = 0.005) and once after them (227/256 = 0.887, 1/210). Its misses were
    then studied by mechanism (dictated and split digits, codes typed or used to get in,
    dials, dashed keys, words with a number, quoted replies, "user and password", stream
    keys): 255/256 = 0.996, 1/210. Training data: a floor, not a result."""
    recall, false_refusals = _rates(_load("frozen_v6.jsonl"))
    assert recall >= 255 / 256 and false_refusals <= 1 / 210


def test_seventh_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v7: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 54 kinds), read once before a round's changes (recall 205/239 =
    0.858, false refusals 1/196 = 0.005) and once after them (210/239 = 0.879, 1/196). Its
    misses were then studied by mechanism (values spelt or dictated, codes set or asked for
    far from their lock, security answers, recovery digit groups, network keys by shape) and
    a learned pair scorer joined the rules: 233/239 = 0.975, 1/196; passphrases of plain words
    read since (from the ninth set): 235/239; gift card codes (from the tenth): 236/239.
    Training data: a floor, not a result."""
    recall, false_refusals = _rates(_load("frozen_v7.jsonl"))
    assert recall >= 236 / 239 and false_refusals <= 1 / 196


def test_eighth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v8: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 55 kinds), read once before a round's changes (recall 228/252 =
    0.905, false refusals 1/204 = 0.005) and once after them (235/252 = 0.933, 1/204).
    Its misses were then studied by mechanism (codes typed on a keypad, digit groups, values
    bound to an account) and it joined the learned scorer's fit: 243/252 = 0.964, 1/204; the
    ninth set's mechanisms since: 247/252 = 0.980; the tenth's: 248/252.
    Training data from here on: a floor, not a result."""
    recall, false_refusals = _rates(_load("frozen_v8.jsonl"))
    assert recall >= 248 / 252 and false_refusals <= 1 / 204


def test_ninth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v9: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 45 kinds), read once before a round's changes (recall 226/246 =
    0.919, false refusals 0/203) and once after them (226/246, 0/203). Its misses were then
    counted by mechanism (security answers after an arrow, NIP, a value changed from,
    unlocking in any person, a passphrase of plain words) and it joined the learned scorer's
    fit: 242/246 = 0.984, 0/203; with the tenth set's mechanisms (a gift card's code): 245/246.
    Training data from here on: a floor, not a result (the set missed the targets when read,
    at 0.919; a figure on it now says nothing about them)."""
    recall, false_refusals = _rates(_load("frozen_v9.jsonl"))
    assert recall >= 245 / 246 and false_refusals <= 0 / 203


def test_tenth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v10: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 46 kinds, 160 of the 249 secrets said in prose), read once before
    a round's changes (recall 221/249 = 0.888, false refusals 1/202) and once after them
    (223/249 = 0.896, 1/202). Then the prefilter kept a password a computer "opens with"
    that the full scan refuses but the prefilter let through: 224/249 = 0.900. Its misses were
    then counted by mechanism (hex and letters-only keys, values bound far from their word,
    gift and card codes, backup code lists) and it joined the learned scorer's fit: 244/249,
    0/202. Training data from here on: a floor, not a result."""
    recall, false_refusals = _rates(_load("frozen_v10.jsonl"))
    assert recall >= 244 / 249 and false_refusals <= 0 / 202


def test_eleventh_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v11: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 44 kinds, 145 of the 245 secrets said in prose), read once before
    a round's changes (recall 238/245 = 0.971, false refusals 4/204) and once after them
    (238/245, 5/204). Its misses and false refusals were then counted by mechanism (codes that
    name a thing, an example's placeholder, a record's id, a value its line calls public, a
    phrase or joined words said before another clause, chat exports) and it joined the learned
    scorers' fit: 241/245, 0/204. Training data from here on: a floor, not a result (the set
    missed the targets when read; a figure on it now says nothing about them)."""
    recall, false_refusals = _rates(_load("frozen_v11.jsonl"))
    assert recall >= 241 / 245 and false_refusals <= 0 / 204


def test_twelfth_independent_set_keeps_its_measured_figures() -> None:
    """frozen_v12: written by someone who saw neither the rules nor any earlier set (eight new
    owners, six languages, 52 kinds, 154 of the 252 secrets said in prose), read once before
    a round's changes (recall 238/252 = 0.944, false refusals 5/204) and once after them
    (238/252, 4/204). Not in the learned scorers' fit yet: training data from here on, a
    floor, not a result."""
    recall, false_refusals = _rates(_load("frozen_v12.jsonl"))
    assert recall >= 238 / 252 and false_refusals <= 4 / 204


@pytest.mark.xfail(strict=True, reason="twelfth set when read: recall 0.944, false refusals 0.020")
def test_twelfth_independent_set_meets_the_targets() -> None:
    recall, false_refusals = _rates(_load("frozen_v12.jsonl"))
    assert recall >= 0.98 and false_refusals <= 0.02


# The seventh to eleventh sets missed the targets when they were read (recall 0.879, 0.933
# after that round, 0.919, 0.896, 0.971 with false refusals 0.025);
# their misses have been studied since, so a figure on them says nothing about the targets.


# The sixth set missed the targets when it was read (recall 0.887). Its misses have been
# studied since, so a figure on it says nothing about the targets: only the floor above holds.
