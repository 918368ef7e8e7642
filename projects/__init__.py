"""Per-project notes under ``projects/<name>/``."""

from projects.notes import KIND_SECTIONS, ProjectNotes, check_project_name

__all__ = ["KIND_SECTIONS", "ProjectNotes", "check_project_name"]
