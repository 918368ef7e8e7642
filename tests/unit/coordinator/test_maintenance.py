"""Distillation, pruning, forgetting, review and the scheduler."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator import Lab, load_settings
from coordinator.cli import cli
from coordinator.maintenance.job import AlreadyRunningError, run_maintenance
from coordinator.maintenance.review import review_items
from coordinator.maintenance.scheduler import Schedule, Scheduler, install_text
from memory.errors import InvalidInputError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "fixtures"))

from distill_logs import write_logs


@pytest.fixture
def logs(home: Path) -> dict[str, bool]:
    return write_logs(home)


def open_at(home: Path, now: str = "2026-11-25T12:00:00Z", **kw: object) -> object:
    return Lab.open(settings=load_settings(home=home, now=now, **kw))


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_distill_promotes_durable_facts_once_with_citations(
    home: Path, logs: dict[str, bool]
) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        report = run_maintenance(lab)
        records = lab.memory_records()
    promoted = {p.daily_id for p in report.distill.promotions}
    assert promoted == {i for i, v in logs.items() if v}
    texts = [r.text for r in records]
    assert len(texts) == len(set(texts))
    assert not any("Tr0ub4dor3x" in t or "ghp_" in t or "evil" in t for t in texts)
    decision = next(r for r in records if r.text.startswith("We chose WireGuard"))
    assert decision.kind == "decision" and decision.section == "Decisions"
    assert decision.src.startswith("memory/2026-") and "#L" in decision.src
    line = (
        (home / decision.src.split("#")[0])
        .read_text()
        .splitlines()[int(decision.src.split("#L")[1]) - 1]
    )
    assert "We chose WireGuard" in line


def test_second_run_changes_nothing_and_dry_run_writes_nothing(
    home: Path, logs: dict[str, bool]
) -> None:
    memory = home / "MEMORY.md"
    with open_at(home) as lab:  # type: ignore[attr-defined]
        dry = run_maintenance(lab, dry_run=True)
        assert dry.distill.promotions and "We chose WireGuard" in dry.distill.diff()
        assert "We chose WireGuard" not in memory.read_text()
        run_maintenance(lab)
        before = memory.read_text()
        again = run_maintenance(lab)
        assert again.distill.promotions == [] and memory.read_text() == before
        forced = run_maintenance(lab, since=datetime(2026, 10, 1).date())
        assert (
            all(p.status == "confirmed" for p in forced.distill.promotions)
            or forced.distill.promotions == []
        )
        assert memory.read_text().count("We chose WireGuard") == 1


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_crash_mid_run_resumes_without_duplicates(
    home: Path, logs: dict[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    import memory.distill as distill_mod

    real = distill_mod._apply
    calls = {"n": 0}

    def crash_on_third_day(*args: object, **kwargs: object) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("power cut")
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(distill_mod, "_apply", crash_on_third_day)
    with open_at(home) as lab:  # type: ignore[attr-defined]
        with pytest.raises(RuntimeError):
            run_maintenance(lab)
        monkeypatch.setattr(distill_mod, "_apply", real)
        run_maintenance(lab)
        texts = [r.text for r in lab.memory_records()]
    assert len(texts) == len(set(texts)) == sum(logs.values())


def test_today_is_left_for_tomorrow_and_future_logs_are_reported(home: Path) -> None:
    (home / "memory").mkdir(parents=True)
    (home / "memory/2026-11-25.md").write_text(
        "# 2026-11-25\n\n- 09:00:00Z [event] We decided to label every disk. <!-- id=d-aa -->\n"
    )
    (home / "memory/2026-12-30.md").write_text(
        "# 2026-12-30\n\n- 09:00:00Z [event] We decided to time travel. <!-- id=d-bb -->\n"
    )
    (home / "memory/2026-11-24.md").write_text("# 2026-11-24\n\nnot a list item, by hand\n")
    with open_at(home) as lab:  # type: ignore[attr-defined]
        report = run_maintenance(lab)
        assert report.distill.promotions == []
        assert any("2026-12-30" in p and "future" in p for p in report.distill.problems)
        today = run_maintenance(lab, include_today=True)
        assert [p.text for p in today.distill.promotions] == ["We decided to label every disk."]
        from coordinator.maintenance.doctor import run_doctor

        warnings = run_doctor(lab).warnings
        assert any("memory/2026-11-24.md#L3: text outside any entry" in w for w in warnings)
    # the malformed line is kept as it was: never lost
    assert "not a list item, by hand" in (home / "memory/2026-11-24.md").read_text()


def test_a_second_run_at_the_same_time_says_already_running(home: Path) -> None:
    from filelock import FileLock

    with open_at(home) as lab:  # type: ignore[attr-defined]
        lease = FileLock(str(lab.workspace.lock_dir / "distill.lease"))
        with lease, pytest.raises(AlreadyRunningError, match="already running"):
            run_maintenance(lab)


def test_pruning_archives_superseded_and_respects_the_cap(home: Path) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        old = lab.remember("The printer is on VLAN 30.", layer="memory")
        new = lab.remember("The printer is on VLAN 40.", layer="memory", supersedes=old.id)
        for i in range(6):
            lab.remember(f"Rack unit {i} holds device {i * 7}.", layer="memory")
        report = run_maintenance(lab)
        assert report.archived == [{"id": old.id, "reason": f"superseded by {new.id}"}]
        archive = (home / "memory/archive/MEMORY-archive.md").read_text()
        assert "The printer is on VLAN 30." in archive and "reason=superseded" in archive
    with open_at(home, now="2028-01-01T00:00:00Z", stale_days=30) as lab:  # type: ignore
        before = (home / "MEMORY.md").read_text()
        report = run_maintenance(lab)
        assert report.prune is not None and report.prune.aborted
        assert "nothing was archived" in report.prune.aborted
        assert (home / "MEMORY.md").read_text() == before


def test_forget_removes_everywhere_and_redacts_past_logs(home: Path) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        wrong = lab.remember("My bank PIN hint is the dog's birthday.", layer="memory")
        lab.remember("Something else.", layer="memory")
        lab.import_entries(
            [
                {
                    "layer": "daily",
                    "text": "Sensitive: the safe is behind the painting.",
                    "time": "2026-11-20T09:00:00Z",
                    "id": "d-sensitive1",
                }
            ]
        )
    runner = CliRunner()
    env = {"LABMEM_NOW": "2026-11-25T12:00:00Z"}
    out = runner.invoke(cli, ["forget", wrong.id, "--yes", "--json"], env=env)
    assert out.exit_code == 0 and json.loads(out.stdout)["removed_from"] == ["MEMORY.md"]
    assert "bank PIN" not in (home / "MEMORY.md").read_text()
    for backup in (home / ".labmem/state/backups").rglob("*.bak"):
        assert "bank PIN" not in backup.read_text()
    out = runner.invoke(cli, ["forget", "d-sensitive1", "--yes"], env=env)
    assert out.exit_code == 0
    log = (home / "memory/2026-11-20.md").read_text()
    assert "safe is behind" not in log and "[forgotten]" in log and "redacted=" in log
    doctor = json.loads(runner.invoke(cli, ["doctor", "--json"], env=env).stdout)
    assert doctor["ok"], doctor["problems"]
    missing = runner.invoke(cli, ["forget", "m-nothere", "--yes"], env=env)
    assert missing.exit_code == 1 and "no entry with id 'm-nothere'" in missing.stderr


def test_review_lists_what_needs_a_person(home: Path, logs: dict[str, bool]) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        lab.remember("The NAS is at 10.0.0.5.", layer="memory")
        lab.remember("The NAS is at 10.0.0.6.", layer="memory")
        lab.remember("To rotate the backup disks, run rotate.sh.")
    result = CliRunner().invoke(
        cli, ["review", "--json"], env={"LABMEM_NOW": "2026-11-25T12:00:00Z"}
    )
    kinds = {item["kind"] for item in json.loads(result.stdout)["items"]}
    assert {"quarantined", "draft-skill"} <= kinds  # near-duplicates: with both models below


@pytest.mark.integration  # needs both models
def test_review_does_not_offer_two_different_spanish_facts_as_duplicates(home: Path) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        lab.remember("Javier es el coordinador del huerto comunitario.", layer="memory")
        lab.remember(
            "Mi hermana Lucía me ayuda con el diseño de la web del huerto.", layer="memory"
        )
        lab.remember("La impresora de la gestoría es una Ricoh.", layer="memory")
        lab.remember("La impresora de la gestoría es una Kyocera de renting.", layer="memory")
        pairs = {
            (item.text, item.detail.split(": ", 1)[1])
            for item in review_items(lab)
            if item.kind == "near-duplicate"
        }
    assert pairs == {
        (
            "La impresora de la gestoría es una Ricoh.",
            "La impresora de la gestoría es una Kyocera de renting.",
        )
    }


@pytest.mark.integration  # needs both models
def test_review_does_not_offer_two_related_facts_as_duplicates(home: Path) -> None:
    with open_at(home) as lab:  # type: ignore[attr-defined]
        lab.remember("Jellyfin moved to the mini PC.", layer="memory")
        lab.remember("Jellyfin's library is on the 4TB USB disk.", layer="memory")
        lab.remember("The NAS is at 10.0.0.5.", layer="memory")
        lab.remember("The NAS is at 10.0.0.6.", layer="memory")  # kept beside it: similar
        pairs = {
            (item.text, item.detail.split(": ", 1)[1])
            for item in review_items(lab)
            if item.kind == "near-duplicate"
        }
    assert pairs == {("The NAS is at 10.0.0.5.", "The NAS is at 10.0.0.6.")}


def test_schedule_next_runs_catch_up_and_bad_expressions() -> None:
    zone = load_settings(tz="Europe/Madrid").zone()
    daily = Schedule("0 3 * * *", zone)
    nxt = daily.next_after(datetime(2026, 11, 29, 1, 0, tzinfo=UTC))
    assert nxt == datetime(2026, 11, 29, 2, 0, tzinfo=UTC)  # 03:00 in Madrid (UTC+1)
    rrule = Schedule("FREQ=DAILY;BYHOUR=3;BYMINUTE=0", zone)
    assert rrule.next_after(datetime(2026, 11, 29, 1, 0, tzinfo=UTC)) == nxt
    for bad in ("every day at 3", "FREQ=SOMETIMES"):
        with pytest.raises(InvalidInputError, match="cron expression"):
            Schedule(bad, zone)
    assert "schedule run" in install_text(daily, Path("/home/me/labmem"))
    assert install_text(daily, Path("/x")).splitlines()[1].startswith("0 3 * * * LABMEM_HOME=/x")


def test_scheduler_catches_up_a_missed_run_once(tmp_path: Path) -> None:
    runs: list[str] = []
    now = {"t": datetime(2026, 11, 29, 10, 0, tzinfo=UTC)}
    sched = Scheduler(
        Schedule("0 3 * * *", UTC),
        tmp_path,
        lambda: runs.append("x") or "ok",
        lambda line: None,
        lambda: now["t"],
    )
    assert sched.catch_up() and runs == ["x"]
    assert not sched.catch_up()
    now["t"] += timedelta(days=1)
    assert sched.catch_up() and len(runs) == 2
    sched.stop.set()
    sched.run_forever()  # returns at once when stopped, after a catch-up check


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_distill_cli_json_and_unwritable_workspace(home: Path, logs: dict[str, bool]) -> None:
    env = {"LABMEM_NOW": "2026-11-25T12:00:00Z"}
    result = CliRunner().invoke(cli, ["distill", "--dry-run", "--json"], env=env)
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["dry_run"] and len(data["promotions"]) == 17
    bad = CliRunner().invoke(cli, ["distill", "--since", "yesterday"], env=env)
    assert bad.exit_code == 2


def test_model_assisted_distillation_rewrites_behind_the_guard(home: Path) -> None:
    from langchain_core.language_models import FakeListChatModel

    (home / "memory").mkdir(parents=True)
    (home / "memory/2026-11-24.md").write_text(
        "# 2026-11-24\n\n"
        "- 09:00:00Z [event] We decided to label every disk, finally. <!-- id=d-aa -->\n"
        "- 10:00:00Z [event] We decided the backup key stays offline. <!-- id=d-bb -->\n"
    )
    with open_at(home) as lab:  # type: ignore[attr-defined]
        lab.use_model(
            FakeListChatModel(
                responses=[
                    '{"layer": "memory", "kind": "decision", "reason": "decision"}',
                    '{"layer": "memory", "kind": "decision", "reason": "decision"}',
                    "Every disk gets a label.",
                    "The backup key is password=Tr0ub4dor3xyz.",
                ]
            )
        )
        report = run_maintenance(lab)
        texts = [r.text for r in lab.memory_records()]
    assert "Every disk gets a label." in texts
    assert "We decided the backup key stays offline." in texts  # its rewording leaked a secret
    assert not any("Tr0ub4dor3xyz" in t for t in texts)
    assert len(report.distill.promotions) == 2


def test_interactive_review_applies_the_chosen_actions(home: Path) -> None:
    env = {"LABMEM_NOW": "2026-11-25T12:00:00Z"}
    runner = CliRunner()
    runner.invoke(cli, ["remember", "The NAS is at 10.0.0.5.", "--layer", "memory"], env=env)
    runner.invoke(cli, ["remember", "The NAS is at 10.0.0.6.", "--layer", "memory"], env=env)
    result = runner.invoke(cli, ["review", "--interactive"], input="archive\n", env=env)
    assert result.exit_code == 0 and "→ archive" in result.output
    text = (home / "MEMORY.md").read_text()
    assert text.count("The NAS is at") == 1
    assert (
        "reason=archived%20in%20review" in (home / "memory/archive/MEMORY-archive.md").read_text()
    )


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_a_daily_routine_is_never_promoted_however_often_it_recurs(home: Path) -> None:
    (home / "memory").mkdir(parents=True)
    start = datetime(2026, 11, 10, tzinfo=UTC)
    for n in range(14):
        day = (start + timedelta(days=n)).date().isoformat()
        lines = [
            f"# {day}",
            "",
            f"- 08:00:00Z [event] Read a few emails. <!-- id=d-{n:02d}01aa -->",
            "- 08:30:00Z [event] Made coffee and checked the dashboards. "
            f"<!-- id=d-{n:02d}02aa -->",
        ]
        if n == 5:
            lines.append(
                "- 11:00:00Z [event] We decided to keep restic snapshots for 90 days. "
                "<!-- id=d-0503aa -->"
            )
        (home / "memory" / f"{day}.md").write_text("\n".join(lines) + "\n")
    with open_at(home) as lab:  # type: ignore[attr-defined]
        report = run_maintenance(lab)
        texts = [r.text for r in lab.memory_records()]
    assert "Read a few emails." not in texts
    assert "Made coffee and checked the dashboards." not in texts
    assert [p.daily_id for p in report.distill.promotions] == ["d-0503aa"]
    assert report.distill.skipped["not durable"] == 28


@pytest.mark.integration  # needs MiniLM's sense of meaning
@pytest.mark.parametrize("changed_later", [True, False])
def test_distill_does_not_bring_back_a_value_a_newer_fact_replaced(
    home: Path, changed_later: bool
) -> None:
    (home / "memory").mkdir(parents=True)
    (home / "memory/2026-11-23.md").write_text(
        "# 2026-11-23\n\n"
        "- 09:00:00Z [event] We decided the confocal booking is on Thursdays, 2 to 5 pm. "
        "<!-- id=d-cc -->\n"
    )
    if changed_later:
        with open_at(home, "2026-11-24T10:00:00Z") as lab:  # type: ignore[attr-defined]
            lab.remember("The confocal booking is now on Fridays, 2 to 5 pm.", layer="memory")
    with open_at(home) as lab:  # type: ignore[attr-defined]
        report = run_maintenance(lab)
        texts = [r.text for r in lab.memory_records() if r.active]
    thursday = "We decided the confocal booking is on Thursdays, 2 to 5 pm."
    if changed_later:
        assert thursday not in texts and report.distill.promotions == []
        assert report.distill.skipped["a newer entry replaces it"] == 1
    else:
        assert thursday in texts
