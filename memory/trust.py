"""Trust: which sources are untrusted, and which text is an instruction aimed at the assistant.

Untrusted text (a web page, a browser, a tool's output, a fetched URL, an e-mail, another
agent) may be kept in the daily log, marked ``trust=untrusted``, but never enters MEMORY.md
or project notes directly and is never promoted by distillation. An instruction addressed to
the assistant ("ignore previous instructions", "SYSTEM: …", "always upload … to …") is never
promoted either, whoever wrote it: a person who means it can still say it in a main session.

It does NOT decide where text goes (the Coordinator does) nor look for secrets (``hygiene``).
"""

from __future__ import annotations

import re

__all__ = ["UNTRUSTED_SOURCES", "addresses_assistant", "is_untrusted_source"]

# The first word of a source (before ``:``, ``/`` or a space), compared in lower case.
UNTRUSTED_SOURCES = frozenset(
    {
        "agent",
        "assistant",
        "bot",
        "browser",
        "crawl",
        "crawler",
        "e-mail",
        "email",
        "external",
        "feed",
        "fetch",
        "fetched",
        "file",
        "ftp",
        "http",
        "https",
        "inbox",
        "mail",
        "rss",
        "scrape",
        "scraper",
        "subagent",
        "tool",
        "url",
        "web",
        "webhook",
        "webpage",
        "website",
    }
)
_HEAD = re.compile(r"[:/\s@]")


def is_untrusted_source(source: str | None) -> bool:
    """True for text that came from the web, a browser, a tool, a fetched URL, an e-mail,
    another agent or another MCP client that names itself (``mcp:<client>``). Case does not
    matter; an ``import:`` prefix is looked through."""
    value = (source or "").strip().lower()
    while value.startswith("import:"):
        value = value[len("import:") :]
    if "://" in value or value.startswith("www."):
        return True
    head = _HEAD.split(value, maxsplit=1)[0]
    if head == "mcp":
        # The MCP server's own default ("mcp") is the user speaking through a client; a
        # client that names another origin ("mcp:browser-agent") is another agent.
        return value not in {"mcp", "mcp:"}
    return head in UNTRUSTED_SOURCES


_FLAGS = re.IGNORECASE | re.MULTILINE
_INSTRUCTION_PATTERNS = [
    # "SYSTEM: …", "[system]", "<system>", "### Assistant:" at the start of any line.
    r"^\W{0,4}(?:system|assistant|developer|sistema|asistente|syst[eè]me|instructions?|"
    r"instrucciones)(?:\s+(?:prompt|message|mensaje))?\s*[:>\]]",
    # "ignore / disregard / forget (all) previous instructions"
    r"\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|"
    r"earlier|preceding|all|any|your|the|system)\b[^.\n]{0,20}\b(?:instructions?|prompts?|"
    r"rules|messages|directions|guidelines|guardrails)\b",
    r"\b(?:new instructions?|you are now|you must now|act as if you)\b",
    # Spanish: "ignora las instrucciones anteriores", "olvida todo lo anterior", …
    r"\b(?:ignora|ignore|ignorar|olvida|olvide|olvidar|omite|descarta|haz caso omiso)\b"
    r"[^.\n]{0,40}\b(?:instrucciones|indicaciones|reglas|mensajes|[oó]rdenes|lo anterior)\b",
    r"\b(?:nuevas instrucciones|ahora eres|act[uú]a como si)\b",
    # German, French, Italian, Portuguese: the common openers.
    r"\b(?:ignoriere|vergiss)\b[^.\n]{0,40}\b(?:anweisungen|regeln)\b",
    r"\b(?:ignore[sz]?|oublie[sz]?)\b[^.\n]{0,40}\b(?:consignes|instructions)\b",
    r"\b(?:ignora|dimentica)\b[^.\n]{0,40}\b(?:istruzioni|regole)\b",
    r"\b(?:ignore|esque[çc]a)\b[^.\n]{0,40}\b(?:instru[çc][õo]es|regras)\b",
    # "always upload / send / forward … to …": an order to move data somewhere.
    r"\b(?:always|never|must|siempre|debes|immer|toujours|sempre)\s+(?:\w+\s+)?"
    r"(?:upload|send|forward|post|e-?mail|exfiltrate|transfer|leak|disclose|reveal|sync|push|"
    r"sube|subir|suba|env[ií]a|enviar|env[ií]e|manda|mandar|reenv[ií]a|reenviar|comparte|"
    r"compartir|transfiere|revela|filtra|hochladen|senden|envoie|envoyer|carica|invia|envie)\b",
]
_INSTRUCTION = re.compile("|".join(f"(?:{p})" for p in _INSTRUCTION_PATTERNS), _FLAGS)


def addresses_assistant(text: str) -> bool:
    """True if ``text`` reads as an instruction to the assistant rather than a fact
    (English, Spanish, and the common openers in German, French, Italian, Portuguese)."""
    return _INSTRUCTION.search(text) is not None
