from __future__ import annotations

from memory.document import parse_document
from memory.entry import Entry

TEMPLATE = "# MEMORY\n\n## Identity\n\n## Preferences\n\n## Decisions\n"


def test_insert_into_empty_section_keeps_blank_lines_around() -> None:
    doc = parse_document(TEMPLATE)
    doc.insert_in_section(Entry("metric units"), "Preferences")
    assert doc.render() == (
        "# MEMORY\n\n## Identity\n\n## Preferences\n\n- metric units\n\n## Decisions\n"
    )


def test_insert_goes_after_the_last_entry_of_its_section() -> None:
    doc = parse_document(TEMPLATE)
    doc.insert_in_section(Entry("one"), "Preferences")
    doc.insert_in_section(Entry("two"), "Preferences")
    doc.insert_in_section(Entry("three"), "Identity")
    text = doc.render()
    assert text.index("- one") < text.index("- two") < text.index("## Decisions")
    assert text.index("## Identity") < text.index("- three") < text.index("## Preferences")


def test_missing_section_is_created_at_the_end() -> None:
    doc = parse_document(TEMPLATE)
    doc.insert_in_section(Entry("a policy"), "Policies")
    assert doc.render().endswith("## Decisions\n\n## Policies\n\n- a policy\n")


def test_located_gives_lines_and_sections() -> None:
    doc = parse_document("# T\n\n## A\n\n- one\n  - child\n- two\n\n## B\n\n- three\n")
    found = [(x.entry.text, x.line_start, x.line_end, x.section) for x in doc.located()]
    assert found == [("one", 5, 6, "A"), ("two", 7, 7, "A"), ("three", 11, 11, "B")]


def test_ordered_lists_and_code_blocks_are_not_entries() -> None:
    text = "# T\n\n1. first\n2. second\n\n```\n- not an entry\n```\n"
    doc = parse_document(text)
    assert doc.entries() == []
    assert doc.render() == text
