"""The entry grammar round-trips; hand-written text survives rewrites."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from memory.document import parse_document
from memory.entry import Entry, parse_entry, render_entry

_text_chars = st.characters(
    blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="<>\n\r\t"
)
texts = st.text(_text_chars, min_size=1, max_size=60).map(str.strip).filter(bool)
keys = st.text(string.ascii_lowercase + "_", min_size=1, max_size=12)
values = st.text(string.ascii_letters + string.digits + ":-_.,#/%", min_size=1, max_size=20)
children = st.lists(
    st.text(_text_chars, min_size=1, max_size=30).map(lambda s: "  - " + s.strip()),
    max_size=3,
)


@st.composite
def entries(draw: st.DrawFn) -> Entry:
    daily = draw(st.booleans())
    text = draw(texts)
    if not daily and text[:2] in {"- ", "* ", "+ "}:
        text = "x" + text
    return Entry(
        text=text,
        meta=draw(st.dictionaries(keys, values, max_size=5)),
        children=tuple(draw(children)),
        clock=draw(st.times().map(lambda t: t.strftime("%H:%M:%S"))) if daily else None,
        tag=draw(st.sampled_from(["event", "task", "session-summary"])) if daily else None,
    )


@given(entries())
def test_parse_render_roundtrip(entry: Entry) -> None:
    assert parse_entry(render_entry(entry)) == entry


@given(st.lists(entries(), min_size=1, max_size=6))
def test_document_roundtrip_keeps_every_entry(items: list[Entry]) -> None:
    body = "\n".join("\n".join(render_entry(e)) for e in items)
    text = f"# 2026-11-29\n\n{body}\n"
    doc = parse_document(text)
    assert doc.render() == text
    assert doc.entries() == items


def test_example_from_contracts_parses() -> None:
    line = (
        "- Answers in metric units, never imperial. <!-- id=m-1b9e04 kind=preference "
        "at=2026-11-29T13:06:40Z src=memory/2026-11-29.md#L14 confirmed=2026-12-03T08:00:00Z "
        "confirms=2 -->"
    )
    entry = parse_entry([line])
    assert entry.text == "Answers in metric units, never imperial."
    assert entry.id == "m-1b9e04" and entry.kind == "preference"
    assert entry.get("src") == "memory/2026-11-29.md#L14"
    assert entry.get("confirms") == "2"


def test_daily_style_entry_keeps_time_and_kind_visible() -> None:
    entry = parse_entry(
        [
            "- 17:40:02Z [session-summary] Worked on the invoice parser. <!-- id=d-77e0b2 -->",
            "  - decided: totals are computed in cents",
            "  - open: the VAT rounding test",
        ]
    )
    assert (entry.clock, entry.kind, entry.id) == ("17:40:02", "session-summary", "d-77e0b2")
    assert entry.children == (
        "  - decided: totals are computed in cents",
        "  - open: the VAT rounding test",
    )
    assert "VAT rounding" in entry.body


HAND_WRITTEN = """# MEMORY

Some intro a person wrote.

## Lab facts

* The printer is on VLAN 30.
- The UPS lasts 20 minutes.   <!--   id=m-abc123   kind=fact  colour=blue -->
  continued on a second line

| table | stays |
|---|---|

## My own section

Paragraph text.
"""


def test_hand_written_file_round_trips_byte_for_byte() -> None:
    assert parse_document(HAND_WRITTEN).render() == HAND_WRITTEN


def test_unknown_keys_and_non_entry_text_survive_a_rewrite() -> None:
    doc = parse_document(HAND_WRITTEN)
    loc = doc.find("m-abc123", "m")
    assert loc is not None
    doc.replace_at(loc.index, loc.entry.with_meta(confirms="1"))
    out = doc.render()
    assert "colour=blue" in out and "confirms=1" in out
    assert "| table | stays |" in out and "Paragraph text." in out
    assert "* The printer is on VLAN 30." in out  # untouched entry keeps its bullet


def test_metadata_values_with_spaces_are_encoded() -> None:
    entry = Entry("x").with_meta(title="two words")
    assert render_entry(entry) == ["- x <!-- title=two%20words -->"]
    assert parse_entry(render_entry(entry)).get("title") == "two words"
