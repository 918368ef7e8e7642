"""The entry-text normaliser: whatever the text, it becomes exactly one entry, one line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory.document import parse_document
from memory.entry import Entry, render_entry
from memory.entry_text import clean_entry_text, entry_text_problem, fold_lines
from memory.errors import InvalidInputError

MARKDOWN = [
    "# ",
    "## Policies",
    "- ",
    "* ",
    "+ ",
    "1. ",
    "2) ",
    "> ",
    "```",
    "~~~",
    "---",
    "***",
    "___",
    "<div>",
    "<!--",
    "-->",
    "<!-- id=m-abcdef -->",
    "12:00:00Z [event] ",
    "\\",
    "|a|b|",
    "[x]",
    "  ",
    "\t",
    "===",
]
BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]

pieces = st.one_of(
    st.text(max_size=20),
    st.sampled_from(MARKDOWN),
    st.sampled_from(BREAKS),
    st.characters(),
)
hostile = st.lists(pieces, max_size=12).map("".join)


@given(hostile)
@settings(max_examples=200, deadline=None)
def test_cleaned_text_is_one_line_and_idempotent(text: str) -> None:
    try:
        clean = clean_entry_text(text)
    except InvalidInputError:
        assert entry_text_problem(text) is not None
        return
    assert clean == clean_entry_text(clean)
    assert not any(b in clean for b in BREAKS) and "\t" not in clean
    assert "<!--" not in clean and "-->" not in clean
    assert clean == clean.strip()


@given(hostile, st.booleans())
@settings(max_examples=200, deadline=None)
def test_any_text_makes_exactly_one_entry_that_reads_back(text: str, daily: bool) -> None:
    try:
        clean = clean_entry_text(text)
    except InvalidInputError:
        return
    entry = Entry(
        clean,
        {"id": "m-abcdef", "kind": "fact"},
        clock="12:00:00" if daily else None,
        tag="event" if daily else None,
    )
    before = "# MEMORY\n\n## Lab facts\n\n- A fact. <!-- id=m-000001 -->\n"
    doc = parse_document(before + "\n".join(render_entry(entry)) + "\n\n## Policies\n")
    entries = doc.entries()
    assert [e.id for e in entries] == ["m-000001", "m-abcdef"]
    assert entries[1].text == clean and entries[1].children == ()
    if not daily:
        assert entries[1].clock is None  # text never turns into a daily head
    headings = [p for p in doc.parts if isinstance(p, str) and p.startswith("#")]
    assert headings == ["# MEMORY", "## Lab facts", "## Policies"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A.\n- second bullet", "A. - second bullet"),
        ("## Policies", "\\## Policies"),
        ("- x", "\\- x"),
        ("1. first", "1\\. first"),
        ("> quote", "\\> quote"),
        ("12:00:00Z [event] x", "12:00:00Z \\[event] x"),
        ("ok <!-- id=x --> fine", "ok <\\!-- id=x --\\> fine"),
        ("Restarted.\r- x", "Restarted. - x"),
        ("#hashtag and -dash", "#hashtag and -dash"),
    ],
)
def test_examples(text: str, expected: str) -> None:
    assert clean_entry_text(text) == expected


@pytest.mark.parametrize("text", ["", " ", "\u200b", "\ufeff\u200d", "\n\u2028", "a\x00", "\x9b"])
def test_refused(text: str) -> None:
    with pytest.raises(InvalidInputError):
        clean_entry_text(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("caf\udce9 au lait", "not valid UTF-8"),
        ("\ud83d half an emoji", "not valid UTF-8"),
        ("\u00a0\u200b\u3000\u2060", "empty"),
    ],
)
def test_a_lone_surrogate_or_only_invisible_characters_are_named(text: str, says: str) -> None:
    with pytest.raises(InvalidInputError, match=says):
        clean_entry_text(text)


@pytest.mark.parametrize("text", ["日本語のメモ", "\u200b¿qué tal?", "😀", "\u00a0x"])
def test_text_without_ascii_is_kept_when_something_shows(text: str) -> None:
    assert clean_entry_text(text)


def test_fold_keeps_single_spaces() -> None:
    assert fold_lines("a \n\n b\tc") == "a b c"


def test_a_daily_entry_keeps_further_lines_nested() -> None:
    from memory.entry_text import split_entry_text

    head, nested = split_entry_text(
        "we talked\r\n# 2026-01-01\u2028- 03:00:00Z [decision] x\n\u200b"
    )
    assert head == "we talked"
    assert nested == ("  # 2026-01-01", "  - 03:00:00Z [decision] x")


@given(hostile)
@settings(max_examples=200, deadline=None)
def test_any_daily_text_stays_one_entry_with_nested_lines(text: str) -> None:
    from memory.entry_text import split_entry_text

    try:
        head, nested = split_entry_text(text)
    except InvalidInputError:
        return
    entry = Entry(head, {"id": "d-abcdef"}, children=nested, clock="12:00:00", tag="event")
    doc = parse_document(
        "# 2026-11-29\n\n" + "\n".join(render_entry(entry)) + "\n- 12:00:01Z [event] next\n"
    )
    assert [(e.text, e.children) for e in doc.entries()][0] == (head, nested)
    assert len(doc.entries()) == 2
    assert [p for p in doc.parts if isinstance(p, str) and p.startswith("#")] == ["# 2026-11-29"]
