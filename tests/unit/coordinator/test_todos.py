"""Reminders: a task that names a coming day is due that day, in boot and in ask."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from coordinator import Lab
from memory.due import due_day

FRIDAY = date(2026, 11, 27)


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("Remind me to order more epoxy on Monday.", date(2026, 11, 30)),
        ("recuérdame llamar a Ana mañana", date(2026, 11, 28)),
        ("recuérdame mañana por la mañana comprar pan", date(2026, 11, 28)),
        ("pasado mañana revisar el filtro", date(2026, 11, 29)),
        ("remind me next Friday to pay the rent", date(2026, 12, 4)),
        ("Remind me on Friday to call the vet", FRIDAY),
        ("el lunes que viene pedir guantes", date(2026, 11, 30)),
        ("renew the certificate by 2026-12-03", date(2026, 12, 3)),
        ("revisar la caldera el 3 de diciembre", date(2026, 12, 3)),
        ("check the culture in 3 days", date(2026, 11, 30)),
        ("dentro de dos semanas cambiar el filtro", date(2026, 12, 11)),
        ("tonight back up the laptop", FRIDAY),
        ("Remind me to water the plants", None),
        ("por la mañana hice pan", None),
        ("pay the invoice from 2026-11-01", None),  # a past day is never a due day
    ],
)
def test_the_day_a_reminder_is_for(text: str, due: date | None) -> None:
    assert due_day(text, FRIDAY) == due


def test_a_reminder_said_on_friday_is_due_on_monday_in_ask_and_boot(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABMEM_TZ", "Europe/Madrid")
    monkeypatch.setenv("LABMEM_NOW", "2026-11-27T10:00:00Z")
    with Lab.open(home) as lab:
        epoxy = lab.remember("Remind me to order more epoxy on Monday.")
        ana = lab.remember("recuérdame llamar a Ana mañana")
        domain = lab.remember("TODO: renew the domain")
    assert (epoxy.layer, epoxy.kind) == ("daily", "task")
    log = (home / "memory/2026-11-27.md").read_text()
    assert f"id={epoxy.id} src=user due=2026-11-30" in log
    assert f"id={ana.id} src=user due=2026-11-28" in log
    assert f"id={domain.id} src=user -->" in log  # no day named: due the day it was said
    monkeypatch.setenv("LABMEM_NOW", "2026-11-30T07:00:00Z")
    with Lab.open(home) as lab:
        today = lab.ask("what do I have to do today?")
        assert today.found and today.text.startswith("Due on 2026-11-30 (Monday) — 1 task:")
        assert "order more epoxy" in today.text and today.hits[0].id == epoxy.id
        pending = lab.ask("¿qué tengo pendiente?").text
        assert all(word in pending for word in ("epoxy", "Ana", "renew the domain"))
        nothing = lab.ask("what's due tomorrow?")
        assert (
            not nothing.found and nothing.text == "Nothing due on 2026-12-01 (Tuesday) in memory."
        )
        assert lab.ask("remind me what the NAS IP is").text.startswith("Due") is False
        boot = lab.boot().text
    assert "## Due today (2026-11-30)" in boot
    assert "- Remind me to order more epoxy on Monday. (said 2026-11-27;" in boot
