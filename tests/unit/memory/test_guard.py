"""The last guard before Markdown is written, and the metadata checks."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory.daily_log import DailyEntry
from memory.document import parse_document
from memory.entry import Entry
from memory.errors import SecretDetectedError
from memory.hygiene import check_entries, check_metadata, check_name, metadata_problem
from skills.drafts import write_draft

TOKEN = "ghp_VJFxnvXPDyknUku288Z7KtYI9jpqJ2Rmfm3S"
NOW = datetime(2026, 11, 29, 13, 6, 40, tzinfo=UTC)


def test_a_new_entry_holding_a_secret_is_refused_by_the_document_writer() -> None:
    doc = parse_document("# MEMORY\n\n- The NAS is in the hall.\n")
    doc.parts.append(Entry("the router password is 7fypok2o&", {"id": "m-1"}))
    with pytest.raises(SecretDetectedError, match=r"^the text contains .*\(password\)") as err:
        doc.render()
    assert "7fypok2o" not in str(err.value)


def test_a_secret_in_metadata_is_refused_and_named_as_metadata() -> None:
    entry = Entry("The NAS is in the hall.", {"id": "m-1", "tags": TOKEN})
    with pytest.raises(SecretDetectedError, match="metadata") as err:
        check_entries([entry])
    assert TOKEN not in str(err.value)


def test_a_hand_written_entry_read_from_disk_is_left_to_doctor() -> None:
    doc = parse_document("# MEMORY\n\n- the router password is 7fypok2o&\n")
    assert "7fypok2o&" in doc.render()  # unchanged text is written back as it was read


def test_daily_log_refuses_the_whole_batch_when_one_entry_holds_a_secret(lab: object) -> None:
    daily = lab.daily  # type: ignore[attr-defined]
    entries = [
        DailyEntry("The backup ran.", "event", "user", NOW),
        DailyEntry("ok", "event", "user", NOW, tags=(TOKEN,)),
    ]
    with pytest.raises(SecretDetectedError):
        daily.append(entries)
    path = daily.files()[NOW.date()] if NOW.date() in daily.files() else None
    assert path is None or "The backup ran." not in path.read_text()


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"tag": ["homelab", TOKEN]}, "the tag"),
        ({"source": "the router password is 7fypok2o&"}, "the source"),
        ({"supersedes": TOKEN}, "the supersedes"),
        ({"id": "AKIAIOSFODNN7EXAMPLE"}, "the id"),
    ],
)
def test_metadata_holding_a_secret_is_refused_by_field(
    fields: dict[str, object], where: str
) -> None:
    reason = metadata_problem(fields)  # type: ignore[arg-type]
    assert reason is not None and reason.startswith(where + " contains")
    with pytest.raises(SecretDetectedError):
        check_metadata(fields)  # type: ignore[arg-type]


def test_plain_metadata_passes() -> None:
    check_metadata({"tag": ["homelab", "nas"], "source": "D1:3", "supersedes": "m-1b9e04"})


def test_a_name_made_of_a_token_is_refused() -> None:
    with pytest.raises(SecretDetectedError, match="the project name"):
        check_name("hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567", "project name")
    assert check_name("invoice-parser", "project name") == "invoice-parser"


def test_a_skill_draft_is_never_named_after_a_text_holding_a_secret(tmp_path: Path) -> None:
    with pytest.raises(SecretDetectedError):
        write_draft(tmp_path, "my password is Hunter2!secret, use it to log in", NOW)
    assert list(tmp_path.iterdir()) == []
