"""Skills: ``skills/<name>/SKILL.md`` and ``TOOL.md`` artifacts."""

__all__: list[str] = []
