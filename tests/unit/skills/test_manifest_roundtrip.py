"""SKILL.md front matter round-trips through YAML (Hypothesis)."""

from __future__ import annotations

import string
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skills.loader import load_skill

names = st.text(string.ascii_lowercase + string.digits + "-", min_size=1, max_size=20).filter(
    lambda s: s[0] != "-"
)
phrases = st.text(string.ascii_letters + " '-", min_size=1, max_size=30).map(str.strip).filter(bool)


@settings(max_examples=40, deadline=None)
@given(
    name=names,
    description=phrases,
    triggers=st.lists(phrases, max_size=4),
    extra=st.dictionaries(st.sampled_from(["owner", "version", "license"]), phrases, max_size=2),
)
def test_front_matter_round_trips(
    tmp_path_factory: object,
    name: str,
    description: str,
    triggers: list[str],
    extra: dict[str, str],
) -> None:
    folder = Path(str(tmp_path_factory.mktemp("skill"))) / name  # type: ignore[attr-defined]
    folder.mkdir()
    meta = {"name": name, "description": description, "triggers": triggers, **extra}
    text = "---\n" + yaml.safe_dump(meta, sort_keys=False) + "---\n\n## Workflow\n\n- step\n"
    (folder / "SKILL.md").write_text(text)
    skill = load_skill(folder / "SKILL.md", f"skills/{name}/SKILL.md", "workspace", name)
    dumped = skill.meta.model_dump(exclude={"status", "requires"})
    assert dumped == meta
