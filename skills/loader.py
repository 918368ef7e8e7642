"""Reading SKILL.md / TOOL.md: front matter (YAML), body sections (markdown-it-py).

Every problem becomes a ``SkillManifestError`` naming the file, the line and the field,
and saying how to fix it. A broken skill never stops the others from loading.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from skills.errors import SkillManifestError
from skills.model import Skill, SkillFrontMatter, Tool, ToolFrontMatter

__all__ = ["MAX_BYTES", "load_skill", "load_tool", "split_front_matter"]

MAX_BYTES = 256 * 1024
REQUIRED_SECTIONS = ("workflow",)


def _read(path: Path, shown: str) -> str:
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SkillManifestError(
            shown,
            1,
            "file",
            f"is {size} bytes, over {MAX_BYTES}",
            "keep SKILL.md short and link longer material",
        )
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise SkillManifestError(
            shown, line, "file", "is not valid UTF-8", "re-save the file as UTF-8"
        ) from None


def split_front_matter(text: str, shown: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line where the body starts)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise SkillManifestError(
            shown,
            1,
            "front matter",
            "is missing",
            "start the file with '---', 'name: …', 'description: …', '---'",
        )
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise SkillManifestError(
            shown, 1, "front matter", "is not closed", "add a line '---' after the last key"
        ) from None
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 2
        problem = getattr(exc, "problem", None) or "is not valid YAML"
        raise SkillManifestError(
            shown,
            line,
            "front matter",
            f"invalid YAML ({problem})",
            "fix the indentation or quote the value",
        ) from None
    if not isinstance(data, dict):
        raise SkillManifestError(
            shown, 2, "front matter", "is not a mapping of keys", "write 'key: value' lines"
        )
    return data, "\n".join(lines[end + 1 :]), end + 2


def _validate(model: type[BaseModel], data: dict[str, Any], text: str, shown: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "front matter"
        key = str(err["loc"][0]) if err["loc"] else ""
        match = re.search(rf"^{re.escape(key)}\s*:", text, re.MULTILINE) if key else None
        line = text[: match.start()].count("\n") + 1 if match else 2
        raise SkillManifestError(
            shown, line, loc, err["msg"].lower(), f"see docs/skills.md for the '{key or loc}' field"
        ) from None


def _sections(body: str) -> dict[str, str]:
    tokens = MarkdownIt("commonmark").parse(body)
    lines = body.split("\n")
    heads = [
        (t.map[0], tokens[i + 1].content.strip().lower())
        for i, t in enumerate(tokens)
        if t.type == "heading_open" and t.tag == "h2" and t.map
    ]
    out: dict[str, str] = {}
    for n, (start, name) in enumerate(heads):
        stop = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        out[name] = "\n".join(lines[start + 1 : stop]).strip()
    return out


def load_tool(path: Path, shown: str) -> Tool:
    text = _read(path, shown)
    data, body, _ = split_front_matter(text, shown)
    meta = _validate(ToolFrontMatter, data, text, shown)
    return Tool(meta, shown, body)


def load_skill(path: Path, shown: str, origin: str, folder_name: str | None = None) -> Skill:
    text = _read(path, shown)
    data, body, body_line = split_front_matter(text, shown)
    meta: SkillFrontMatter = _validate(SkillFrontMatter, data, text, shown)
    if folder_name is not None and meta.name != folder_name:
        raise SkillManifestError(
            shown,
            2,
            "name",
            f"'{meta.name}' differs from its folder '{folder_name}'",
            "rename one so they match",
        )
    sections = _sections(body)
    if meta.status != "draft":
        for required in REQUIRED_SECTIONS:
            if required not in sections:
                raise SkillManifestError(
                    shown,
                    body_line,
                    f"## {required.title()}",
                    "the section is missing",
                    f"add a '## {required.title()}' section",
                )
    tool = None
    tool_path = path.with_name("TOOL.md")
    if tool_path.is_file():
        tool = load_tool(tool_path, shown.replace("SKILL.md", "TOOL.md"))
    return Skill(meta, shown, sections, origin, tool)  # type: ignore[arg-type]
