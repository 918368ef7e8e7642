"""A network's key said by its shape in a text about a network.

"ship wifi: SSID RV-Meteor-Sci, WPA2 FALC564con", "the wifi in the garden room, code
CCYF4LRAPV", "net: CTHS-Lang" with the key on the next line as 26 hex digits. In a text that
names a wireless network (any of six languages), a key is:

- a token of eight or more letters and digits right after a word for the key or the security
  mode (WPA2, WEP, PSK, key, code, clave, chave, chiave, Schlüssel, clé);
- or hex digits of a WEP-104 or raw WPA key's length (26, 58 or 64) standing on their own
  (not after a word for a build or a MAC, nor in a clause that names a digest: "sha256 of the
  image is …").

The network's name (after SSID, "net", "name", "red", "rede", "rete", "réseau", "Netz") is no
key, nor is a MAC, a router's model ("RT-AX58U") or a word.
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern, pattern

__all__ = ["wifi_key"]

_NETWORK = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('network', 'wifi_key')}|ssid|wpa\d?|wep|wlan|"
        r"wireless|router|(?<!\.)net(?=\s*:))(?!\w)"
    )
)
_KEY_THEN_VALUE = re.compile(
    r"(?i)(?<![\w-])(?:wpa\d?(?:-psk)?|wep|psk|key|code|c[óo]digo|codice|clave|chave|chiave|"
    r"schl[üu]ssel|cl[ée]|pass)\s*[:=]?\s+[\"'“«]?(?P<value>[^\s\"'”»,;]{8,63})"
)
_HEX_KEY = re.compile(
    r"(?<![\w:.-])(?=[0-9A-Fa-f]*[A-Fa-f])(?=[0-9A-Fa-f]*\d)(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{58}|"
    r"[0-9A-Fa-f]{26})(?![\w:.-])"
)
_NAMED_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:ssid|net|network|name|nombre|nome|nom|name|red|rede|rete|r[ée]seau|netz|"
    r"mac|bssid|serial|model|modelo|modell|sn|id|hash|sha\d*|md5|commit|build|version|firmware|"
    r"fingerprint|digest|checksum|uuid)\s*[:=]?\s*$"
)


# "error code 0x8004005E", "promo code SUMMER2024": another code than the key.
_OTHER_CODE = re.compile(
    r"(?i)(?<!\w)(?:error|errors|fehler\w*|erreur|errore|erro|status|exit|promo|discount|"
    r"descuento|coupon|cup[óo]n|product|producto|produto|tracking|order|pedido|ticket|country|"
    r"area|zip|postal|qr|bar)\W*$"
)


def _key_like(value: str) -> bool:
    value = value.rstrip(".)")
    if value.lower().startswith("0x"):
        return False
    if len(value) < 8 or not any(ch.isdigit() for ch in value):
        return False
    letters = [ch for ch in value if ch.isalpha()]
    if len(letters) < 2:
        return False
    # a model or a product: dashes between short upper-case parts ("RT-AX58U", "AX-3000")
    return not re.fullmatch(r"[A-Z0-9]{1,6}(?:-[A-Z0-9]{1,6})+", value)


def wifi_key(text: str) -> bool:
    """Whether ``text`` gives a wireless network's key by its shape."""
    if _NETWORK.search(text) is None:
        return False
    for m in _KEY_THEN_VALUE.finditer(text):
        if _key_like(m.group("value")) and not _OTHER_CODE.search(
            text[max(0, m.start() - 20) : m.start()]
        ):
            return True
    for m in _HEX_KEY.finditer(text):
        if _NAMED_BEFORE.search(text[max(0, m.start() - 20) : m.start()]):
            continue
        if not _DIGEST.search(_clause(text, m.start(), m.end())):
            return True
    return False


# A word for a digest, a build's image or a fingerprint: hex digits in its clause are the
# digest ("sha256 of the image is …", "the sha256 it printed was …", "Prüfsumme der Datei: …").
_DIGEST = re.compile(
    r"(?i)(?<!\w)(?:sha-?\d*|md-?5|hash\w*|checksums?|digests?|fingerprints?|"
    r"firmware[ -]?images?|image (?:du|del|do|of the) firmware|imagen del firmware|"
    r"imagem do firmware|immagine del firmware|firmware-?abbild|"
    r"sumas? de (?:verificaci[óo]n|control)|somas? de (?:verifica[çc][ãa]o|controlo)|"
    r"sommes? de contr[ôo]le|somm[ae] di controllo|pr[üu]fsummen?|empreintes?|impronta|"
    r"huella(?: digital)?|commit|uuid)(?!\w)"
)
# A clause ends at a sentence's mark followed by a space, a semicolon or a line break.
_CLAUSE_END = re.compile(r"[.!?](?=\s)|[;\n]")


def _clause(text: str, start: int, end: int) -> str:
    """The clause that holds ``text[start:end]``."""
    before = [m.end() for m in _CLAUSE_END.finditer(text, max(0, start - 200), start)]
    after = _CLAUSE_END.search(text, end, end + 200)
    return text[
        before[-1] if before else max(0, start - 200) : after.start() if after else end + 200
    ]
