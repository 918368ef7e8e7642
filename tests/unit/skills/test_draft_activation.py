"""A draft skill (not reviewed) activates by its own words or its name, never by meaning."""

from __future__ import annotations

from coordinator import Lab


def test_a_draft_activates_by_its_words_not_by_a_request_close_in_meaning(lab: Lab) -> None:
    receipt = lab.remember(
        "To rotate the backup disks, run rotate-disks.sh, label the old disk and log it."
    )
    assert (receipt.layer, receipt.kind) == ("skill", "procedure")
    name = "rotate-the-backup-disks"
    assert lab.skills.get(name).meta.status == "draft"
    close = lab.skills.match("please label the old disk and log it after rotate-disks.sh")
    assert name not in [m.name for m in close]
    by_words = lab.skills.match("time to rotate the backup disks")
    assert [m.name for m in by_words][:1] == [name] and by_words[0].method == "trigger"
    assert lab.skills.match(f"/{name}")[0].method == "explicit"
