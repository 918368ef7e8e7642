"""`labmem web` as a real process, driven by headless Chromium through Selenium.

The browser and its driver come from the distribution (`apt-get install chromium
chromium-driver`; `.ci/run` installs them): nothing is downloaded at run time. Every page
is screenshotted under a temporary folder (or `$WEB_SCREENSHOTS_DIR`).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
NOW = "2026-11-29T13:06:40Z"

if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
    if os.environ.get("CI"):  # CI installs them (.ci/run): missing there is a failure
        raise RuntimeError("chromium or chromedriver is missing; .ci/run should install them")
    pytest.skip(
        "needs Debian's chromium and chromium-driver (apt-get install -y chromium "
        "chromium-driver; .ci/run installs them)",
        allow_module_level=True,
    )

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


@dataclass
class Site:
    url: str  # with the token
    base: str  # http://127.0.0.1:PORT
    token: str
    home: Path
    ids: dict[str, str]
    shots: Path


def _seed(home: Path) -> dict[str, str]:
    from coordinator import Lab
    from coordinator.settings import Settings
    from skills.drafts import write_draft

    settings = Settings(
        home=home, now=datetime(2026, 11, 29, 13, 6, 40, tzinfo=UTC), tz="UTC", embedder="hashing"
    )
    ids: dict[str, str] = {}
    with Lab.open(settings=settings) as lab:
        ids["metric"] = str(lab.remember("I prefer metric units, never imperial.").id)
        ids["nas"] = str(
            lab.remember(
                "The NAS backup runs every night at 02:00.", layer="memory", kind="fact"
            ).id
        )
        ids["router"] = str(
            lab.remember("The old router admin page is at 192.168.1.1.", layer="memory").id
        )
        lab.remember("Restarted the Jellyfin container after it ran out of memory.", layer="daily")
        things = ("the NAS", "the router", "Home Assistant", "the UPS", "Grafana", "restic")
        past = [  # a few weeks of imported log lines, so the timeline and calendar have shape
            {
                "layer": "daily",
                "text": f"Checked {things[n % len(things)]} ({n}).",
                "time": f"2026-11-{1 + n // 3:02d}T{8 + n % 3 * 4:02d}:00:00Z",
            }
            for n in range(3 * 27)
            if n % 5 != 2
        ]
        assert lab.import_entries(past).refused == 0
        lab.projects.create("homelab")
        lab.remember(
            "Take a ZFS snapshot before every upgrade.",
            layer="project",
            project="homelab",
            kind="convention",
        )
        name, _ = write_draft(
            lab.workspace.skills_dir,
            "To rotate the backup disks, run rotate-disks.sh on the NAS.",
            lab.clock.now(),
        )
        ids["draft"] = name.split("/")[1]
    return ids


def _read_url(proc: subprocess.Popen[str], timeout: float = 60.0) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "labmem web printed no URL"
    line = proc.stdout.readline()
    assert "http://127.0.0.1:" in line, line
    return line[line.index("http://") :].strip()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    home = tmp_path_factory.mktemp("web") / "lab"
    ids = _seed(home)
    exe = shutil.which("labmem") or str(Path(sys.executable).with_name("labmem"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("LABMEM_")}
    env.update(
        LABMEM_HOME=str(home),
        LABMEM_NOW=NOW,
        LABMEM_TZ="UTC",
        LABMEM_EMBEDDER="hashing",
        PYTHONUNBUFFERED="1",
    )
    proc = subprocess.Popen([exe, "web", "--port", "0"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        url = _read_url(proc)
        parts = urllib.parse.urlsplit(url)
        token = urllib.parse.parse_qs(parts.query)["token"][0]
        shots = Path(os.environ.get("WEB_SCREENSHOTS_DIR") or tmp_path_factory.mktemp("shots"))
        shots.mkdir(parents=True, exist_ok=True)
        yield Site(url, f"{parts.scheme}://{parts.netloc}", token, home, ids, shots)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture(scope="module")
def browser(site: Site) -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
        "--disable-gpu",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(120)
    driver.implicitly_wait(30)  # a submitted form's page may take a moment to arrive
    driver.get(site.url)  # the token in the URL sets this port's cookie
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver: WebDriver, site: Site, name: str) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(int(height), 700), 3000))
    assert driver.save_screenshot(str(site.shots / f"{name}.png"))
    driver.set_window_size(1280, 1000)


def test_overview_shows_layers_timeline_index_and_doctor(browser: WebDriver, site: Site) -> None:
    browser.get(site.url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Overview"
    per_layer = browser.find_element(By.ID, "per-layer").text
    assert "memory 3" in per_layer and "daily" in per_layer and "project 1" in per_layer
    bars = browser.find_elements(By.CSS_SELECTOR, "#timeline rect")
    assert bars, "the timeline draws a bar for today's entries"
    assert "hashing" in browser.find_element(By.ID, "index-state").text
    assert "homelab" in browser.find_element(By.ID, "freshness").text
    assert browser.find_element(By.ID, "doctor").text
    shot(browser, site, "overview")


def test_search_and_follow_a_citation_to_the_highlighted_line(
    browser: WebDriver, site: Site
) -> None:
    browser.get(f"{site.base}/search")
    box = browser.find_element(By.NAME, "q")
    box.send_keys("metric units")
    browser.find_element(By.CSS_SELECTOR, "#search-form button[type=submit]").click()
    hits = browser.find_elements(By.CSS_SELECTOR, "#hits li")
    assert "metric units" in hits[0].text
    shot(browser, site, "search")
    hits[0].find_element(By.CSS_SELECTOR, "a.cite").click()
    assert browser.find_element(By.CSS_SELECTOR, "h1.path").text == "MEMORY.md"
    highlighted = browser.find_elements(By.CSS_SELECTOR, "#file tr.hl")
    assert len(highlighted) == 1 and "metric units" in highlighted[0].text
    assert browser.current_url.endswith(highlighted[0].get_attribute("id") or "?")
    shot(browser, site, "file")


def test_ask_with_a_filter_cites_the_project_note(browser: WebDriver, site: Site) -> None:
    query = urllib.parse.urlencode({"q": "ZFS snapshot upgrade", "mode": "ask", "layer": "project"})
    browser.get(f"{site.base}/search?{query}")
    assert "ZFS snapshot" in browser.find_element(By.ID, "answer").text
    cites = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#hits a.cite")]
    assert cites and all(c.startswith("projects/homelab/") for c in cites)


def test_supersede_an_entry_and_see_its_history(browser: WebDriver, site: Site) -> None:
    old = site.ids["nas"]
    browser.get(f"{site.base}/memory")
    shot(browser, site, "memory")
    entry = browser.find_element(By.ID, old)
    entry.find_element(By.LINK_TEXT, "Supersede…").click()
    browser.find_element(By.CSS_SELECTOR, "#supersede input[name=text]").send_keys(
        "The NAS backup runs every night at 03:00."
    )
    browser.find_element(By.CSS_SELECTOR, "#supersede button").click()
    receipt = browser.find_element(By.ID, "receipt").text
    assert "written" in receipt and old in receipt
    history = browser.find_element(By.ID, "history").text
    assert "02:00" in history and "03:00" in history
    shot(browser, site, "receipt-supersede")
    text = (site.home / "MEMORY.md").read_text()
    assert f"supersedes={old}" in text and "superseded_by=" in text
    browser.get(f"{site.base}/entry/{old}")
    assert "superseded by" in browser.find_element(By.CSS_SELECTOR, "dl.meta").text


def test_forget_asks_first_then_removes_the_entry(browser: WebDriver, site: Site) -> None:
    target = site.ids["router"]
    browser.get(f"{site.base}/entry/{target}")
    browser.find_element(By.LINK_TEXT, "Forget…").click()
    confirm = browser.find_element(By.ID, "confirm-forget")
    assert "192.168.1.1" in (site.home / "MEMORY.md").read_text(), "nothing goes before yes"
    shot(browser, site, "forget-confirm")
    confirm.click()
    receipt = browser.find_element(By.ID, "receipt").text
    assert "forgotten" in receipt and "MEMORY.md" in receipt
    assert "192.168.1.1" not in (site.home / "MEMORY.md").read_text()
    browser.get(f"{site.base}/entry/{target}")
    assert "no readable entry" in browser.find_element(By.ID, "problem").text


def test_approve_a_draft_skill_from_the_review_queue(browser: WebDriver, site: Site) -> None:
    name = site.ids["draft"]
    browser.get(f"{site.base}/review")
    shot(browser, site, "review")
    button = browser.find_element(
        By.CSS_SELECTOR, f"button[data-action=approve][data-target='{name}']"
    )
    button.click()
    assert "approved" in browser.find_element(By.ID, "receipt").text
    assert "status: active" in (site.home / "skills" / name / "SKILL.md").read_text()
    browser.get(f"{site.base}/skills")
    row = browser.find_element(By.XPATH, f"//table[@id='skills']//tr[th='{name}']")
    assert "active" in row.text
    browser.get(f"{site.base}/review")
    assert (
        browser.find_element(By.ID, "review") and f'id="review-{name}"' not in browser.page_source
    )


def test_skills_try_a_phrase_days_and_distillation_pages(browser: WebDriver, site: Site) -> None:
    browser.get(f"{site.base}/skills")
    browser.find_element(By.NAME, "phrase").send_keys("rotate the backup disks")
    browser.find_element(By.CSS_SELECTOR, "#try-phrase button").click()
    matches = browser.find_element(By.ID, "matches").text
    assert site.ids["draft"] in matches
    shot(browser, site, "skills")
    browser.get(f"{site.base}/days")
    browser.find_element(By.CSS_SELECTOR, "#calendar td.today a").click()
    assert "Jellyfin" in browser.find_element(By.ID, "day").text
    shot(browser, site, "days")
    browser.get(f"{site.base}/distill")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Distillation"
    shot(browser, site, "distill")
    browser.get(f"{site.base}/projects/homelab")
    assert "ZFS snapshot" in browser.find_element(By.TAG_NAME, "main").text
    shot(browser, site, "project")


def _status(url: str, data: bytes | None = None) -> int:
    try:
        with urllib.request.urlopen(url, data=data, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_requests_without_the_token_are_refused(browser: WebDriver, site: Site) -> None:
    assert _status(f"{site.base}/") == 403
    assert _status(f"{site.base}/memory?token=wrong") == 403
    assert _status(f"{site.base}/static/style.css") == 403
    assert _status(f"{site.base}/?token={site.token}") == 200
    form = urllib.parse.urlencode({"action": "keep", "target": "x"}).encode()
    assert _status(f"{site.base}/act?token={site.token}", form) == 403, "no CSRF field"
    browser.delete_all_cookies()
    browser.get(f"{site.base}/memory")
    assert "403" in browser.find_element(By.TAG_NAME, "h1").text
    shot(browser, site, "refused")
    browser.get(site.url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Overview"


def test_every_page_was_screenshotted(site: Site) -> None:
    names = {p.stem for p in site.shots.glob("*.png")}
    assert {"overview", "search", "file", "memory", "review", "skills", "days", "distill"} <= names
