"""The line scan agrees with markdown-it wherever it answers, and answers for labmem's files."""

from __future__ import annotations

import random

import pytest

from memory.block_scan import simple_item_spans
from memory.document import markdown_item_spans, parse_document

SAFE = [
    "",
    "   ",
    "# MEMORY",
    "## Facts",
    "### Sub heading",
    "#",
    "- The NAS is at 10.0.0.5. <!-- id=m-1b9e04 kind=fact at=2026-11-29T13:06:40Z src=user -->",
    "- 13:05:12Z [event] Restarted Jellyfin <!-- id=d-4f2a91 src=session:s-8c01 -->",
    "* star item",
    "+ plus item",
    "  - nested line",
    "  continuation text",
    "    deeper nested",
    "      six spaces",
    "plain paragraph text",
    "Another plain line: with a colon",
    "2026 was the year of the NAS",
    "<!-- a comment on one line -->",
    "[ref]: https://example.org",
    "  # heading inside an item",
    "|a|b|",
    "- [ ] a task",
    "- item with trailing spaces  ",
]
TRICKY = [
    " one space",
    "<!-- open comment",
    "-->",
    "```",
    "~~~",
    "  ```",
    "> quote",
    "  > inner quote",
    "1. ordered",
    "2) ordered",
    "  1. inner ordered",
    "---",
    "***",
    "___",
    "===",
    "- - -",
    "-",
    "- ",
    "-  two spaces",
    "-\ttab bullet",
    "\ttab start",
    "  \ttab after spaces",
    "\t",
    "####### seven hashes",
    "#nospace",
    "<div>",
    "  <b>inline html</b>",
    "\xa0non-breaking space",
    "\xa0",
    "a\rb",
    "  ---",
    "      code after blank?",
    "    - deep bullet",
    "   three spaces",
    "     five spaces",
    "   - three nested",
    "  * star nested",
    "  + plus nested",
    "- [ref]: /item-ref",
    "  ***",
    "  ===",
    "  [ref]: /x",
    "<!-- c --> tail",
    "  <!-- c -->",
    "- # heading item",
    "- > quote item",
    "- ```",
    "- 1. ordered item",
    "-   three spaces item",
    "  -",
    "  ~~~",
    "        eight spaces",
]


def reference(text: str) -> list[tuple[int, int]]:
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return markdown_item_spans(text, lines)


def scan(text: str) -> list[tuple[int, int]] | None:
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return simple_item_spans(lines)


@pytest.mark.parametrize("pool", ["safe", "mixed"])
def test_scan_agrees_with_markdown_it_on_random_documents(pool: str) -> None:
    rng = random.Random(f"block-scan-{pool}")
    lines = SAFE if pool == "safe" else SAFE + TRICKY
    answered = 0
    for _ in range(2000):
        text = "\n".join(rng.choice(lines) for _ in range(rng.randint(1, 14)))
        if rng.random() < 0.7:
            text += "\n"
        found = scan(text)
        if found is not None:
            answered += 1
            assert found == reference(text), repr(text)
    # The scan is only worth having if it answers for the files labmem writes.
    assert answered > (800 if pool == "safe" else 30)


def test_scan_answers_for_the_layer_files_labmem_writes() -> None:
    memory = (
        "# MEMORY\n\nCurated long-term memory of this lab.\nOne entry per list item.\n\n"
        "## Facts\n\n- The NAS is at 10.0.0.5. <!-- id=m-1 kind=fact -->\n"
        "- Backups run nightly. <!-- id=m-2 kind=fact -->\n  - checked 2026-11-02\n\n"
        "## Preferences\n\n"
    )
    daily = "# 2026-11-29\n\n- 13:05:12Z [event] Restarted Jellyfin <!-- id=d-1 -->\n"
    for text in (memory, daily):
        assert scan(text) is not None
        assert scan(text) == reference(text)


@pytest.mark.parametrize(
    "text",
    [
        "- item\n```\ncode\n```\n",  # a fence: falls back
        "- item\n> quote\n",
        "1. first\n- second\n",
        "Title\n===\n- item\n",
        "- a\n\t- tabbed\n",
    ],
)
def test_scan_leaves_other_markdown_to_markdown_it(text: str) -> None:
    assert scan(text) is None
    # parse_document still reads it, through markdown-it
    doc = parse_document(text)
    assert doc.render() == text
