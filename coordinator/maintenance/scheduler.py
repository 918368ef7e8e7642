"""The maintenance schedule: a cron expression or an RRULE in the user's time zone.

``labmem schedule run`` runs in the foreground: it catches up a run missed while it was
not running, logs each run, and stops cleanly on SIGTERM or Ctrl-C. ``schedule show``
prints the next runs; ``schedule install`` prints a crontab line and a systemd user timer
for those who prefer the OS scheduler.
"""

from __future__ import annotations

import json
import shlex
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

from memory.clock import format_utc, parse_instant
from memory.errors import InvalidInputError
from memory.files import atomic_write
from memory.state import SchedulerState, load_state

__all__ = ["Schedule", "Scheduler", "install_text"]


@dataclass
class Schedule:
    expression: str
    zone: tzinfo

    def __post_init__(self) -> None:
        self.next_after(datetime(2026, 1, 1, tzinfo=UTC))  # validate now, not at 03:00

    @property
    def is_rrule(self) -> bool:
        return "FREQ=" in self.expression.upper()

    def next_after(self, instant: datetime) -> datetime:
        local = instant.astimezone(self.zone)
        try:
            if self.is_rrule:
                from dateutil.rrule import rrulestr

                rule = rrulestr(
                    self.expression.replace("RRULE:", ""),
                    dtstart=local.replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)
                    - timedelta(days=1),
                )
                nxt = rule.after(local.replace(tzinfo=None))
                if nxt is None:
                    raise ValueError("the rule has no future occurrence")
                result = nxt.replace(tzinfo=self.zone)
            else:
                from croniter import croniter

                result = croniter(self.expression, local).get_next(datetime)
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidInputError(
                f"schedule {self.expression!r} is not valid ({exc}); use a cron expression "
                "like '0 3 * * *' or an RRULE like 'FREQ=DAILY;BYHOUR=3;BYMINUTE=0' "
                "(LABMEM_SCHEDULE or 'schedule' in labmem.toml)."
            ) from None
        return result.astimezone(UTC)

    def previous_before(self, instant: datetime, horizon_days: int = 370) -> datetime | None:
        """The last scheduled time at or before ``instant`` (within a horizon)."""
        probe = instant - timedelta(days=horizon_days)
        last = None
        while True:
            nxt = self.next_after(probe)
            if nxt > instant:
                return last
            last, probe = nxt, nxt

    def upcoming(self, instant: datetime, count: int) -> list[datetime]:
        out: list[datetime] = []
        for _ in range(count):
            instant = self.next_after(instant)
            out.append(instant)
        return out


class Scheduler:
    def __init__(
        self,
        schedule: Schedule,
        state_dir: Path,
        job: Callable[[], str],
        log: Callable[[str], None],
        now: Callable[[], datetime],
    ) -> None:
        self.schedule = schedule
        self.state = state_dir / "scheduler.json"
        self.job = job
        self.log = log
        self.now = now
        self.stop = threading.Event()

    def last_run(self) -> datetime | None:
        last = load_state(self.state, SchedulerState).last_run  # corrupt: moved aside
        return None if last is None else parse_instant(last)

    def run_job(self) -> None:
        started = self.now()
        try:
            summary = self.job()
            self.log(f"{format_utc(started)} maintenance ran: {summary}")
        except Exception as exc:  # a failed run is logged and retried at the next time
            self.log(f"{format_utc(started)} maintenance failed: {exc}")
        atomic_write(self.state, json.dumps({"last_run": format_utc(started)}))

    def catch_up(self) -> bool:
        """Run now if a scheduled time passed since the last run."""
        due = self.schedule.previous_before(self.now())
        last = self.last_run()
        if due is not None and (last is None or last < due):
            self.log(f"catching up the run due at {format_utc(due)}")
            self.run_job()
            return True
        return False

    def run_forever(self) -> None:
        self.catch_up()
        while not self.stop.is_set():
            nxt = self.schedule.next_after(self.now())
            self.log(f"next run at {nxt.astimezone(self.schedule.zone).isoformat()}")
            while not self.stop.is_set():
                wait = (nxt - self.now()).total_seconds()
                if wait <= 0:
                    break
                self.stop.wait(min(wait, 60.0))
            if not self.stop.is_set():
                self.run_job()
        self.log("scheduler stopped")


def install_text(schedule: Schedule, home: Path) -> str:
    exe = shlex.quote(str(Path(sys.argv[0]).resolve()) if sys.argv and sys.argv[0] else "labmem")
    env = f"LABMEM_HOME={shlex.quote(str(home))}"
    job = f"{env} {exe} distill --archive-logs"
    lines = ["# crontab (crontab -e); cron uses the system time zone"]
    if schedule.is_rrule:
        lines.append(
            "# this schedule is an RRULE, which cron cannot express: use the "
            "systemd units below, or run 'labmem schedule run' as a service"
        )
    else:
        lines.append(
            f"{schedule.expression} {job} >> {shlex.quote(str(home))}/.labmem/state/"
            "distill.log 2>&1"
        )
    lines += [
        "",
        "# ~/.config/systemd/user/labmem-scheduler.service",
        "[Unit]",
        "Description=labmem maintenance scheduler (distillation, retention)",
        "",
        "[Service]",
        f"Environment={env}",
        f"ExecStart={exe} schedule run",
        "Restart=on-failure",
        "",
        "[Install]",
        "WantedBy=default.target",
        "",
        "# enable with: systemctl --user daemon-reload && "
        "systemctl --user enable --now labmem-scheduler.service",
    ]
    return "\n".join(lines) + "\n"
