"""Secrets said with no key word beside the value, the way notes and messages say them.

Each check reads a shape of saying, not a phrase, in English, Spanish, German, French,
Portuguese and Italian:

- a code that is typed or that opens something: "type 295681", "se marca C1179 en el
  portero", "opens with 742-872", "se quita con 5560", "desliga-se com 2 5 9 0", in a text
  that names something a code opens (a door, an alarm, a keypad, a phone, voicemail, …);
- a note line that pairs a name with a value and nothing else: "porta do prédio → 42-73",
  "MB WAY  997739", "Netflix  ana@example.pt  azulejo53?";
- a value no person would write for anything but a password: upper and lower case, digits
  and a symbol ("%OmR8QoliSD!$"), or case and digits mixed at random ("7uSZO1mGjU8xNQB");
- the word an alarm company asks for: "la palabra clave es mariposa", "code word: heron",
  and what a bank asks besides a password (a memorable word, a security answer);
- a code named with words between ("código del garaje 58 21 09", "Türcode Werkstatt: …"),
  something a code opens then ':' and a code ("the lockbox is behind the plant: 1 2 0 8"),
  a dial lock ("left 12, right 34, left 7");
- a password given where it is typed ("para entrar al wifi, pon …", "use … to log in"), and
  the reply on the line after a question about one ("what's the wifi?" / "it's …");
- recovery codes listed as dashed groups, an authenticator key in groups of four.

A bare number needs a name of what it opens: "bus  7781", "Door: B204", "press 1 for
English", "dial 112", "the show opens with 3 songs" pass.

Each shape has its own module: secret_typed (typed or opening), secret_notes (note lines,
replies), secret_named (named codes, code lists), secret_words (code words, memorable words),
secret_random (random-looking passwords).
"""

from __future__ import annotations

from memory.secret_named import DIAL, named_code, recovery_list, setup_key
from memory.secret_notes import chat_reply, lock_then_colon, note_line
from memory.secret_random import random_password
from memory.secret_typed import typed_code, typed_password, use_to_enter, user_and_password
from memory.secret_words import code_word, memorable

__all__ = ["find_bare_secrets"]


def find_bare_secrets(text: str) -> set[str]:
    """Kinds of secret said with no key word beside the value."""
    found: set[str] = set()
    if any(ch.isdigit() for ch in text):
        if typed_code(text):
            found.add("PIN or door code")
        if typed_password(text):
            found.add("password")
        if named_code(text) or lock_then_colon(text):
            found.add("PIN or door code")
        if recovery_list(text):
            found.add("recovery codes")
        if setup_key(text):
            found.add("TOTP seed")
        if random_password(text):
            found.add("password")
        if ("  " in text or "\t" in text or "→" in text or "->" in text) and note_line(text):
            found.add("password or code in a note line")
    if code_word(text) or memorable(text):
        found.add("code word")
    if "\n" in text and "?" in text and chat_reply(text):
        found.add("password")
    if use_to_enter(text) or user_and_password(text):
        found.add("password")
    if DIAL.search(text):
        found.add("PIN or door code")
    return found
