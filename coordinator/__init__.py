"""The Coordinator: the ``Lab`` facade, settings, and the command line."""

from coordinator.importer import ImportItem
from coordinator.lab import Lab
from coordinator.receipt import ImportReport, Receipt
from coordinator.settings import Settings, load_settings

__all__ = ["ImportItem", "ImportReport", "Lab", "Receipt", "Settings", "load_settings"]
