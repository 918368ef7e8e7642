"""The web app in-process (Starlette's test client): the token, CSRF, visibility, the
forget confirmation step and bad input. The real-browser tests live in tests/browser."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from coordinator import Lab
from coordinator.cli import cli
from coordinator.web import build_app
from coordinator.web.app import csrf_for
from skills.drafts import write_draft

TOKEN = "t0ken"
BASE = "http://127.0.0.1:8765"


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


def _seed(home: Path) -> dict[str, str]:
    with Lab.open(home) as lab:
        ids = {
            "pref": str(lab.remember("I prefer metric units, never imperial.").id),
            "nas": str(lab.remember("The NAS backup runs at 02:00.", layer="memory").id),
        }
        lab.remember("Restarted the Jellyfin container.", layer="daily")
        lab.projects.create("homelab")
        lab.remember("Snapshot before upgrades.", layer="project", project="homelab")
        name, _ = write_draft(
            lab.workspace.skills_dir, "To rotate the disks, run rot.sh.", lab.clock.now()
        )
        ids["draft"] = name.split("/")[1]
    return ids


@pytest.fixture
def site(home: Path) -> Iterator[tuple[TestClient, dict[str, str]]]:
    ids = _seed(home)
    with Lab.open(home) as lab:
        client = TestClient(build_app(lab, TOKEN), base_url=BASE)
        client.get(f"/?token={TOKEN}")  # sets the cookie
        yield client, ids


def _shared(home: Path, kind: str = "shared") -> Iterator[TestClient]:
    _seed(home)
    with Lab.open(home, session_kind=kind) as lab:
        yield TestClient(build_app(lab, TOKEN), base_url=f"{BASE}/", cookies=None)


def _post(client: TestClient, **form: str) -> Any:
    return client.post("/act", data={"csrf": csrf_for(TOKEN), **form})


def test_no_token_wrong_token_or_foreign_host_is_refused(home: Path) -> None:
    _seed(home)
    with Lab.open(home) as lab:
        app = build_app(lab, TOKEN)
        fresh = TestClient(app, base_url=BASE)
        assert fresh.get("/").status_code == 403
        assert fresh.get("/memory?token=nope").status_code == 403
        assert fresh.get("/static/style.css").status_code == 403
        ok = fresh.get(f"/?token={TOKEN}")
        assert ok.status_code == 200 and "labmem_token_8765" in ok.cookies
        assert fresh.get("/memory").status_code == 200, "the cookie carries the token"
        rebound = TestClient(app, base_url="http://attacker.example:8765")
        assert rebound.get(f"/?token={TOKEN}").status_code == 403


def test_a_form_without_csrf_or_from_another_origin_is_refused(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, ids = site
    before = (home / "MEMORY.md").read_text()
    assert client.post("/act", data={"action": "confirm", "target": ids["nas"]}).status_code == 403
    wrong = client.post("/act", data={"action": "confirm", "target": ids["nas"], "csrf": "x"})
    assert wrong.status_code == 403
    foreign = client.post(
        "/act",
        data={"action": "confirm", "target": ids["nas"], "csrf": csrf_for(TOKEN)},
        headers={"Origin": "http://evil.example"},
    )
    assert foreign.status_code == 403
    assert (home / "MEMORY.md").read_text() == before


def test_confirm_goes_through_the_lab_and_shows_the_receipt(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, ids = site
    page = _post(client, action="confirm", target=ids["nas"])
    assert page.status_code == 200 and 'id="receipt"' in page.text and "confirmed" in page.text
    assert "confirms=1" in (home / "MEMORY.md").read_text()


def test_forget_needs_the_confirmation_step(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, ids = site
    first = _post(client, action="forget", target=ids["nas"])
    assert "confirm-forget" in first.text and "NAS backup" in (home / "MEMORY.md").read_text()
    done = _post(client, action="forget", target=ids["nas"], confirmed="yes")
    assert "forgotten" in done.text
    assert "NAS backup" not in (home / "MEMORY.md").read_text()


def test_bad_input_gets_one_clear_line_and_writes_nothing(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, ids = site
    before = (home / "MEMORY.md").read_text()
    empty = _post(client, action="supersede", target=ids["nas"], text="  ")
    assert empty.status_code == 400 and "corrected text is empty" in empty.text
    unknown = _post(client, action="confirm", target="m-000000")
    assert unknown.status_code == 400 and "m-000000" in unknown.text
    odd = _post(client, action="explode", target=ids["nas"])
    assert odd.status_code == 400 and "unknown action &#39;explode&#39;" in odd.text
    assert (home / "MEMORY.md").read_text() == before
    outside = client.get("/file?path=../../etc/passwd")
    assert outside.status_code == 400 and "not a memory file" in outside.text


def test_supersede_keeps_the_history(site: tuple[TestClient, dict[str, str]]) -> None:
    client, ids = site
    page = _post(
        client, action="supersede", target=ids["nas"], text="The NAS backup runs at 03:00."
    )
    assert page.status_code == 200 and 'id="history"' in page.text
    assert page.text.index("02:00") < page.text.index("03:00")
    old = client.get(f"/entry/{ids['nas']}")
    assert "superseded by" in old.text


def test_draft_skill_approve_and_discard(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, ids = site
    skill = home / "skills" / ids["draft"] / "SKILL.md"
    assert "approved" in _post(client, action="approve", target=ids["draft"]).text
    assert "status: active" in skill.read_text()
    again = _post(client, action="approve", target=ids["draft"])
    assert again.status_code == 400 and "not a draft" in again.text


def test_every_page_renders_for_main(site: tuple[TestClient, dict[str, str]]) -> None:
    client, ids = site
    for url in (
        "/",
        "/search?q=metric&layer=memory",
        "/search?q=metric&mode=ask",
        "/memory",
        "/projects/homelab",
        f"/entry/{ids['pref']}",
        "/days",
        "/days?day=2026-11-29",
        "/review",
        "/skills?phrase=rotate+the+disks",
        "/distill",
        "/file?path=MEMORY.md&line=11",
    ):
        page = client.get(url)
        assert page.status_code == 200, url
        assert "http://" not in page.text.replace(BASE, ""), f"{url} links outside the machine"


def test_a_shared_session_sees_no_memory_md(home: Path) -> None:
    for client in _shared(home):
        client.get(f"/?token={TOKEN}")
        overview = client.get("/")
        assert overview.status_code == 200 and "Not shown to a shared session" in overview.text
        assert "metric" not in overview.text
        assert client.get("/memory").status_code == 403
        assert client.get("/review").status_code == 403
        assert client.get("/file?path=MEMORY.md").status_code == 403
        assert client.get("/days").status_code == 403, "shared may search daily logs, not read"
        found = client.get("/search?q=metric+units+NAS+backup")
        assert "MEMORY.md" not in found.text and "imperial" not in found.text
        assert client.get("/projects/homelab").status_code == 200


def test_cli_web_refuses_a_busy_port_in_one_line(home: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["--home", str(home), "web", "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output


def test_cli_skills_approve_and_discard(home: Path) -> None:
    ids = _seed(home)
    runner = CliRunner()
    gone = runner.invoke(cli, ["--home", str(home), "skills", "discard", ids["draft"], "--yes"])
    assert gone.exit_code == 0 and not (home / "skills" / ids["draft"]).exists()
    missing = runner.invoke(cli, ["--home", str(home), "skills", "approve", ids["draft"]])
    assert missing.exit_code == 1 and "no skill named" in missing.output


def test_distillation_page_shows_each_promotion_with_its_log_line(home: Path) -> None:
    from coordinator.maintenance.job import run_maintenance

    (home / "memory").mkdir(parents=True)
    (home / "memory/2026-11-24.md").write_text(
        "# 2026-11-24\n\n"
        "- 09:00:00Z [event] We decided to label every disk with its purchase date. "
        "<!-- id=d-aa0001 -->\n"
    )
    with Lab.open(home) as lab:
        report = run_maintenance(lab)
        assert report.distill.written, "the decision is promoted"
        client = TestClient(build_app(lab, TOKEN), base_url=BASE)
        page = client.get(f"/distill?token={TOKEN}")
    assert page.status_code == 200 and "label every disk" in page.text
    assert "/file?path=memory/2026-11-24.md&amp;line=3" in page.text
    assert "last run: 2026-11-29" in page.text.lower()


def test_calendar_marks_sealed_days_and_the_timeline_counts_days(home: Path) -> None:
    (home / "memory").mkdir(parents=True)
    (home / "memory/2026-11-24.md").write_text(
        "# 2026-11-24\n\n- 09:00:00Z [event] Replaced the UPS battery. <!-- id=d-bb0001 -->\n"
    )
    with Lab.open(home) as lab:  # opening seals past days
        lab.remember("Restarted the Jellyfin container.", layer="daily")
        client = TestClient(build_app(lab, TOKEN), base_url=BASE)
        days = client.get(f"/days?day=2026-11-24&token={TOKEN}").text
        overview = client.get("/").text
    assert 'class=" has sealed"' in days and "UPS battery" in days
    assert '<span class="badge">sealed</span>' in days
    assert 'class=" has today"' in days, "today has a log and is not sealed"
    assert overview.count("<rect ") == 2 and "2 entries in the last 90 days" in overview


def test_a_quarantined_log_line_can_be_dropped_after_the_confirmation(
    site: tuple[TestClient, dict[str, str]], home: Path
) -> None:
    client, _ = site
    log = next((home / "memory").glob("*.md"))
    entry_id = log.read_text().split("id=")[1].split()[0]
    page = client.get(f"/entry/{entry_id}?forget=1")
    assert "confirm-forget" in page.text
    done = _post(client, action="forget", target=entry_id, confirmed="yes")
    assert "forgotten" in done.text and "[forgotten]" in log.read_text()


def test_a_domain_error_inside_a_page_is_one_line_not_a_traceback(
    site: tuple[TestClient, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from coordinator.maintenance import review
    from memory.errors import SearchIndexError

    def broken(lab: Any, days: int = 30) -> list[Any]:
        raise SearchIndexError("the index is locked by another process; try again")

    monkeypatch.setattr(review, "review_items", broken)
    client, _ = site
    page = client.get("/review")
    assert page.status_code == 400 and "locked by another process" in page.text


def test_merge_a_near_duplicate_from_the_review_queue(home: Path) -> None:
    with Lab.open(home) as lab:
        a = lab.remember("The NAS is at 10.0.0.5.", layer="memory").id
        b = lab.remember("The NAS is at 10.0.0.6.", layer="memory").id
        client = TestClient(build_app(lab, TOKEN), base_url=BASE)
        queue = client.get(f"/review?token={TOKEN}").text
        assert f'name="into" value="{b}"' in queue, "Merge names the newer entry"
        assert f'name="by" value="{b}"' in queue, "Supersede names the newer entry, as the CLI"
        done = _post(client, action="merge", target=str(a), into=str(b))
        assert done.status_code == 200 and "merged" in done.text
        active = {r.id for r in lab.memory_records()}
        assert b in active and a not in active
        archive = (home / "memory/archive/MEMORY-archive.md").read_text()
        assert f"reason=merged%20into%20{b}" in archive
        again = _post(client, action="merge", target=str(b), into="")
        assert again.status_code == 400 and "merge needs the id" in again.text


def test_supersede_a_near_duplicate_from_the_review_queue(home: Path) -> None:
    with Lab.open(home) as lab:
        a = str(lab.remember("The NAS is at 10.0.0.5.", layer="memory").id)
        b = str(lab.remember("The NAS is at 10.0.0.6.", layer="memory").id)
        client = TestClient(build_app(lab, TOKEN), base_url=BASE)
        client.get(f"/?token={TOKEN}")
        done = _post(client, action="supersede", target=a, by=b)
        assert done.status_code == 200 and "superseded" in done.text
    text = (home / "MEMORY.md").read_text()
    assert f"superseded_by={b}" in text and f"supersedes={a}" in text
