"""The owner's upkeep of a workspace: the maintenance job (``job``: distil, prune, archive)
and its ``scheduler``, ``review`` of stale and similar entries, ``skill_review`` of drafts,
``forget`` and ``doctor``. Everything here sits above the ``Lab`` facade and is called by
the command line, the web view or the scheduler.
"""
