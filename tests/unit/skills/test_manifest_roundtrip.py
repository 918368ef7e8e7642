"""SKILL.md front matter round-trips through YAML (Hypothesis): the spec's optional keys,
nested metadata and unknown keys are kept as written."""

from __future__ import annotations

import string
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skills.loader import load_skill

names = st.text(string.ascii_lowercase + string.digits + "-", min_size=1, max_size=20).filter(
    lambda s: s[0] != "-" and s[-1] != "-" and "--" not in s  # the spec's name rule
)
phrases = st.text(string.ascii_letters + " '-", min_size=1, max_size=30).map(str.strip).filter(bool)


@settings(max_examples=40, deadline=None)
@given(
    name=names,
    description=phrases,
    triggers=st.lists(phrases, max_size=4),
    extra=st.dictionaries(
        st.sampled_from(["owner", "license", "compatibility", "allowed-tools"]), phrases, max_size=3
    ),
    metadata=st.dictionaries(
        st.sampled_from(["author", "version"]),
        phrases | st.dictionaries(st.sampled_from(["requires", "os"]), phrases, max_size=2),
        max_size=2,
    ),
)
def test_front_matter_round_trips(
    tmp_path_factory: object,
    name: str,
    description: str,
    triggers: list[str],
    extra: dict[str, str],
    metadata: dict[str, object],
) -> None:
    folder = Path(str(tmp_path_factory.mktemp("skill"))) / name  # type: ignore[attr-defined]
    folder.mkdir()
    meta = {"name": name, "description": description, "triggers": triggers, **extra}
    if metadata:
        meta["metadata"] = metadata
    text = "---\n" + yaml.safe_dump(meta, sort_keys=False) + "---\n\n## Workflow\n\n- step\n"
    (folder / "SKILL.md").write_text(text)
    skill = load_skill(folder / "SKILL.md", f"skills/{name}/SKILL.md", "workspace", name)
    assert skill.meta.model_dump(by_alias=True, exclude_unset=True) == meta
    assert not skill.warnings
