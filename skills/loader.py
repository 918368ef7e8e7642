"""Reading SKILL.md / TOOL.md: front matter (YAML), body sections (markdown-it-py).

Only what cannot be read safely is refused (no front matter, invalid YAML, a missing
``name`` or ``description``, binary or non-UTF-8 text, a file over 256 KiB): a
``SkillManifestError`` naming the file, the line and the field, and saying how to fix it.
Spec nits (an upper-case name, a name that differs from its folder, a description over
1,024 characters) are warnings and the skill loads; labmem's own sections are suggestions.
A broken skill never stops the others from loading.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from skills.errors import SkillManifestError
from skills.model import (
    KNOWN_KEYS,
    NAME,
    Resource,
    Skill,
    SkillFrontMatter,
    Tool,
    ToolFrontMatter,
)

__all__ = [
    "MAX_BYTES",
    "RESOURCE_DIRS",
    "list_resources",
    "load_skill",
    "load_tool",
    "spec_warnings",
    "split_front_matter",
]

MAX_BYTES = 256 * 1024
MAX_DESCRIPTION = 1024
MAX_COMPATIBILITY = 500
MAX_RESOURCES = 200
RESOURCE_DIRS = ("scripts", "references", "assets")


def _read(path: Path, shown: str) -> str:
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SkillManifestError(
            shown,
            1,
            "file",
            f"is {size} bytes, over {MAX_BYTES}",
            "keep SKILL.md short and move long material to references/",
        )
    raw = path.read_bytes()
    if b"\0" in raw:
        line = raw[: raw.index(b"\0")].count(b"\n") + 1
        raise SkillManifestError(
            shown, line, "file", "is binary (a NUL byte)", "SKILL.md must be UTF-8 text"
        )
    try:
        return raw.decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
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
        fix = (
            f"add '{key}: …' to the front matter"
            if err["type"] == "missing"
            else f"see docs/skills.md for the '{key or loc}' field"
        )
        raise SkillManifestError(shown, line, loc, err["msg"].lower(), fix) from None


def _line_of(text: str, key: str) -> int:
    match = re.search(rf"^{re.escape(key)}\s*:", text, re.MULTILINE)
    return text[: match.start()].count("\n") + 1 if match else 2


def _parse_body(body: str) -> tuple[dict[str, str], str]:
    """(the ``##`` sections by lower-cased title, the first heading of any level)."""
    tokens = MarkdownIt("commonmark").parse(body)
    lines = body.split("\n")
    heads = [
        (t.map[0], tokens[i + 1].content.strip().lower())
        for i, t in enumerate(tokens)
        if t.type == "heading_open" and t.tag == "h2" and t.map
    ]
    first = next(
        (tokens[i + 1].content.strip() for i, t in enumerate(tokens) if t.type == "heading_open"),
        "",
    )
    out: dict[str, str] = {}
    for n, (start, name) in enumerate(heads):
        stop = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        out[name] = "\n".join(lines[start + 1 : stop]).strip()
    return out, first


def load_tool(path: Path, shown: str) -> Tool:
    text = _read(path, shown)
    data, body, _ = split_front_matter(text, shown)
    meta = _validate(ToolFrontMatter, data, text, shown)
    return Tool(meta, shown, body)


def spec_warnings(meta: SkillFrontMatter, text: str, shown: str, folder: str | None) -> list[str]:
    """What the Agent Skills specification asks that this front matter does not do."""
    out: list[str] = []
    where = f"{shown}:{_line_of(text, 'name')}: name:"
    if not re.match(NAME, meta.name) or "--" in meta.name or meta.name.endswith("-"):
        fixed = re.sub(r"[^a-z0-9]+", "-", meta.name.lower()).strip("-")[:64]
        out.append(
            f"{where} '{meta.name}' is not lower-case letters, digits and single hyphens "
            f"(at most 64); rename it '{fixed}'"
        )
    if folder is not None and meta.name != folder:
        out.append(
            f"{where} '{meta.name}' differs from its folder '{folder}'; rename one so they "
            f"match (labmem knows the skill as '{folder}')"
        )
    if len(meta.description) > MAX_DESCRIPTION:
        out.append(
            f"{shown}:{_line_of(text, 'description')}: description: is "
            f"{len(meta.description)} characters, over {MAX_DESCRIPTION}; shorten it "
            "(labmem uses all of it)"
        )
    if meta.compatibility is not None and len(meta.compatibility) > MAX_COMPATIBILITY:
        out.append(
            f"{shown}:{_line_of(text, 'compatibility')}: compatibility: is over "
            f"{MAX_COMPATIBILITY} characters; shorten it"
        )
    return out


def _suggestions(
    meta: SkillFrontMatter, sections: dict[str, str], text: str, shown: str, body_line: int
) -> list[str]:
    out = [
        f"{shown}:{_line_of(text, key)}: {key}: not an Agent Skills or labmem key; kept as "
        "written (other tools' settings belong under metadata:)"
        for key in sorted(set(meta.model_extra or {}) - KNOWN_KEYS)
    ]
    if meta.status != "draft" and "workflow" not in sections:
        out.append(
            f"{shown}:{body_line}: ## Workflow: not present, so activation shows the whole "
            "body; add a '## Workflow' section of numbered steps to show only those"
        )
    return out


def list_resources(directory: Path, shown: str) -> tuple[list[Resource], list[str]]:
    """Files under scripts/, references/ and assets/ with their sizes; a link that leaves
    the skill's folder is left out and reported."""
    found: list[Resource] = []
    notes: list[str] = []
    home = directory.resolve()
    for sub in RESOURCE_DIRS:
        top = directory / sub
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            rel = path.relative_to(directory).as_posix()
            if not path.resolve().is_relative_to(home):
                notes.append(
                    f"{shown}: {rel}: points outside the skill's folder; left out "
                    "(copy the file into the folder instead of linking it)"
                )
            elif path.is_file() and len(found) < MAX_RESOURCES:
                found.append(Resource(rel, path.stat().st_size))
    return found, notes


def load_skill(
    path: Path,
    shown: str,
    origin: str,
    folder_name: str | None = None,
) -> Skill:
    """Load one SKILL.md: errors only for what cannot be read safely, warnings for the rest."""
    text = _read(path, shown)
    data, body, body_line = split_front_matter(text, shown)
    meta: SkillFrontMatter = _validate(SkillFrontMatter, data, text, shown)
    sections, heading = _parse_body(body)
    warnings = spec_warnings(meta, text, shown, folder_name)
    suggestions = _suggestions(meta, sections, text, shown, body_line)
    resources: list[Resource] = []
    if folder_name is not None:
        resources, notes = list_resources(path.parent, shown.removesuffix("/SKILL.md"))
        warnings += notes
    tool = None
    tool_path = path.with_name("TOOL.md")
    if tool_path.is_file():
        tool = load_tool(tool_path, shown.replace("SKILL.md", "TOOL.md"))
    return Skill(
        meta,
        shown,
        sections,
        origin,  # type: ignore[arg-type]
        tool,
        folder=folder_name or "",
        body=body,
        heading=heading,
        resources=tuple(resources),
        warnings=tuple(warnings),
        suggestions=tuple(suggestions),
        directory=path.parent if folder_name is not None else None,
    )
