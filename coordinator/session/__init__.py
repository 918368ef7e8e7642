"""A session's lifecycle: the preamble it boots with (``boot``), the skills it sees
(``skills``), the chat loop (``chat``) and the summary written when it closes, with
compaction (``summary``). The modules take ``Services`` (boot, skills, summary) or sit above
the ``Lab`` facade (chat); none is imported by the layers below.
"""
