"""The import line reader: arbitrary bytes never crash it or shift item numbers."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from coordinator import Lab
from coordinator.import_file import read_import_file
from memory.errors import InvalidInputError

line_text = st.text(
    st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=40
)


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return False
    return True


@given(st.lists(st.one_of(line_text, line_text.map(lambda t: json.dumps({"text": t}))), max_size=8))
@settings(max_examples=150, deadline=None)
def test_every_non_blank_lf_line_is_one_item_with_its_line_number(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.jsonl"
        path.write_bytes("\n".join(lines).encode("utf-8"))
        try:
            items, not_json, numbers = read_import_file(path)
        except InvalidInputError as exc:
            assert "is not JSON Lines" in str(exc) and "nothing was imported" in str(exc)
            assert not any(_is_json(line) for line in lines if line.encode().strip())
            return
    expected = [n for n, line in enumerate(lines, start=1) if line.encode().strip()]
    assert numbers == expected and len(items) == len(expected)
    for index, (number, item) in enumerate(zip(numbers, items, strict=True)):
        line = lines[number - 1]
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            assert index in not_json and not_json[index].startswith("invalid JSON")
        else:
            # compared as JSON: Python's json reads "NaN" too, and NaN != NaN
            assert index not in not_json and json.dumps(item) == json.dumps(value)


@given(st.binary(max_size=200))
@settings(max_examples=150, deadline=None)
def test_arbitrary_bytes_are_items_or_one_clear_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.jsonl"
        path.write_bytes(data)
        try:
            items, not_json, numbers = read_import_file(path)
        except InvalidInputError as exc:
            assert "not valid UTF-8" in str(exc) or "is not JSON Lines" in str(exc)
            return
    assert len(items) == len(numbers) and set(not_json) <= set(range(len(items)))


def test_a_byte_order_mark_on_the_first_line_is_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"text": "a"}\n{"text": "b"}\n')
    items, not_json, numbers = read_import_file(path)
    assert items == [{"text": "a"}, {"text": "b"}] and not not_json and numbers == [1, 2]


def test_a_file_that_is_not_json_lines_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nRestarted the NAS.\nname,ip\nnas,10.0.0.5\n", encoding="utf-8")
    try:
        read_import_file(path)
    except InvalidInputError as exc:
        message = str(exc)
    else:
        raise AssertionError("a Markdown file was read as items")
    assert message.startswith(f"{path} is not JSON Lines: none of its 4 lines is JSON (line 1:")
    assert "nothing was imported" in message and '"text": ' in message
    # The example the message gives imports as it is.
    example = json.loads(message[message.index("e.g. ") + 5 : message.rindex("}") + 1])
    with Lab.open(tmp_path / "lab") as lab:
        report = lab.import_entries([example])
    assert (report.written, report.refused) == (1, 0)
