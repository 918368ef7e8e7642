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


def test_documents_of_the_same_text_are_independent_and_count_lines_after_a_change() -> None:
    text = "# Memory\n\n## Facts\n\n- first fact\n- second fact\n\n## Notes\n\n- a note\n"
    one, two = parse_document(text), parse_document(text)
    assert [loc.line_start for loc in one.located()] == [5, 6, 10]
    one.remove_at(4)  # "- first fact", changed directly in the list
    assert [(loc.entry.text, loc.line_start) for loc in one.located()] == [
        ("second fact", 5),
        ("a note", 9),
    ]
    assert [loc.line_start for loc in two.located()] == [5, 6, 10]  # untouched
    two.parts[4] = "- edited by hand"
    assert [loc.entry.text for loc in two.located()] == ["second fact", "a note"]
    assert parse_document(text).render() == text
