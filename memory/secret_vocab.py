"""The credential vocabulary: one table per language of the nouns that name a secret.

Every secret detector and the prefilter build their key-word patterns from these tables, so a
word added here is seen by all of them. A table maps a kind to its forms, with plurals,
inflections, common abbreviations and misspellings written out. How a form is read:

- ``x*``: ``x`` and any ending (``benutzer*``: Benutzer, Benutzername, Benutzerkonto);
- ``*x``: ``x`` closing a compound (``*passwort``: Routerpasswort, WLAN-Passwort);
- a space or ``-``: a space, a dash, an underscore or nothing (``key box``: keybox, key-box);
- an accented letter: with or without its accent (``contraseña``: contrasena), and
  ``ä/ö/ü/ß`` also as ``ae/oe/ue/ss``.

Kinds:

- ``password``, ``passphrase``, ``seed``: words for a password, a passphrase, a wallet phrase;
- ``pin``: PIN, PUK, passcode and the named codes (access, entry, unlock, master code);
- ``code``, ``combination``: the bare word for a code, and a lock's combination;
- ``wifi_key``, ``network``: a network's key, and the network itself;
- ``recovery``, ``totp``: recovery or backup codes, an authenticator's setup key;
- ``token``, ``credentials``, ``login``: keys, tokens and secrets; a login;
- ``card``, ``card_code``, ``card_generic``, ``bank``: a payment card, its security code
  (``card_generic`` names one only beside a card), online banking;
- ``voicemail``, ``code_word``, ``answer``, ``connection``, ``vault``: voicemail, the word an
  alarm company asks for, a bank's memorable word or security answer, a connection string,
  encryption tools;
- ``account``: where a password is used (an account, an admin, a mail box);
- what a code opens: ``entry`` (doors, gates, garages, buildings), ``container`` (safes,
  lockers, key boxes, mailboxes), ``keybox``, ``padlock`` (combination locks), ``lock``,
  ``alarm``, ``device`` (phones, tablets, SIM cards).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

__all__ = [
    "LANGUAGES",
    "LazyPattern",
    "TABLES",
    "factored",
    "WEAK",
    "alternation",
    "first_words",
    "forms",
    "fold",
    "pattern",
    "stems",
    "word_pattern",
    "word_set",
    "words",
]

LANGUAGES = ("en", "es", "de", "fr", "pt", "it")


def words(text: str) -> tuple[str, ...]:
    """A word table as every table of the guard is written: forms separated by commas, read
    as the vocabulary's forms are (``x*``, ``*x``, a space or '-' for either or nothing, an
    accented letter with or without its accent)."""
    return tuple(f.strip() for f in text.split(",") if f.strip())


def _t(**kinds: str) -> dict[str, tuple[str, ...]]:
    return {kind: words(text) for kind, text in kinds.items()}


_COMMON = _t(
    vault="veracrypt, truecrypt, luks, gpg, pgp, keepass, keepassxc, bitlocker, cryptomator, "
    "filevault",
    totp="2fa, mfa, totp, otp, 2fa seed, totp seed, totp secret, otp secret",
    card_code="cvv, cvv2, cvc, cvc2, csc, cvn",
    bank="iban",
)

TABLES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": _t(
        account="account, accounts, admin, administrator, e-mail, mail, profile",
        password="password, passwords, passwd, passwds, passwrd, passw, pword, pwd, pwds, pw, pws, "
        "pass, pasword, paswords, passowrd, paswrod, passwod, passwrod, pssword, psswd, pswd, "
        "passcode, passcodes, login password, admin password, root password, app password, "
        "account password, user password, pass word",
        passphrase="passphrase, passphrases, pass phrase, pass phrases, master password, "
        "master pass, master key, encryption key, encryption password, encryption passphrase, "
        "encryption phrase, disk password, drive password, volume password, container password, "
        "disk passphrase, secret phrase",
        seed="seed phrase, seed phrases, seed words, recovery phrase, recovery phrases, recovery "
        "words, mnemonic, mnemonic phrase, mnemonic words, wallet phrase, wallet words, backup "
        "phrase, backup words, secret words, master words",
        pin="pin, pin code, pin number, puk, puk code, passcode, passcodes, pass code, "
        "passnumber, pass number, unlock code, unlock pin, access code, entry code, door code, "
        "gate code, master code, disarm code, alarm code, keypad code, lock code, host key, "
        "screen lock, lock screen, screen lock code, sim pin, card pin, atm pin, banking pin",
        code="code, codes",
        combination="combination, combinations, combo, combos",
        wifi_key="wifi key, wi-fi key, wlan key, network key, network password, wifi password, "
        "wpa key, wpa2 key, psk, pre-shared key, pre-shared keys, preshared key, security key",
        network="wifi, wi-fi, wlan, guest network, guest wifi, hotspot",
        recovery="recovery code, recovery codes, backup code, backup codes, back-up codes, "
        "scratch codes, emergency codes, 2fa codes, 2fa code, mfa codes, one-time codes, "
        "single-use codes, recovery key, recovery keys",
        token="token, tokens, api key, api keys, apikey, access key, access keys, secret key, "
        "secret keys, auth token, auth key, private key, private keys, client secret, key, keys, "
        "secret, secrets, bearer token, access token, refresh token, bot token, webhook secret, "
        "signing secret, app secret, stream key, stream keys, streamkey, streaming key",
        credentials="credentials, credential, creds",
        login="login, logins, log-in, logon, sign-in, user, username, usernames, user name",
        card="card, cards, credit card, debit card, bank card, visa, mastercard, amex, "
        "american express, maestro",
        card_code="card security code, card verification code, card verification value, "
        "card verification number, security number",
        card_generic="security code, verification code",
        bank="online banking pin, banking pin, telephone banking pin, online banking password",
        totp="authenticator, setup key, two-factor, two factor, authenticator key",
        voicemail="voicemail, voice mail, voicemail pin",
        code_word="code word, code words, codeword, codewords, safe word, safeword, magic word, "
        "magic words, secret word, duress word, disarm word, password word",
        answer="memorable word, memorable name, memorable place, memorable date, security "
        "answer, security question answer",
        connection="connection string, connection strings, database url, dsn",
        entry="door, doors, front door, back door, gate, gates, garage, garage door, "
        "entrance, entry, building, intercom, buzzer, shed, cage, parking, car park",
        container="safe, safes, locker, lockers, mailbox, mailboxes, safe deposit box, "
        "deposit box, cabinet, cabinets",
        keybox="keypad, key pad, lockbox, lock box, key safe, key box, key lock box, key cabinet",
        padlock="padlock, bike lock, bicycle lock, combination lock, cable lock, u-lock",
        lock="lock, locks",
        alarm="alarm, alarms, alarm system, burglar alarm, alarm panel",
        device="phone, iphone, tablet, ipad, laptop, sim, android, atm",
    ),
    "es": _t(
        account="cuenta, cuentas, correo, perfil",
        password="contraseña, contraseñas, contrasena, contrasenas, contraseya, contra, clave, "
        "claves, clave de acceso, contraseña de acceso, pass, password",
        passphrase="frase de contraseña, frase contraseña, frase secreta, frase de paso, "
        "contraseña maestra, clave maestra, clave de cifrado, clave de encriptación, "
        "contraseña de cifrado",
        seed="frase semilla, frase de semilla, frase de recuperación, frases de "
        "recuperación, palabras de recuperación, palabras semilla, frase de respaldo",
        pin="pin, código pin, número pin, puk, código de desbloqueo, código de acceso, código de "
        "entrada, código maestro, código secreto, código de la puerta, pin de la tarjeta",
        code="código, códigos",
        combination="combinación, combinaciones, combi",
        wifi_key="clave del wifi, clave wifi, clave de red, clave de la red, clave precompartida, "
        "contraseña del wifi, contraseña wifi",
        network="wifi, red de invitados, red wifi",
        recovery="códigos de recuperación, código de recuperación, códigos de respaldo, código "
        "de respaldo, códigos de reserva, clave de recuperación, códigos de emergencia, "
        "códigos de un solo uso, códigos de seguridad",
        token="token, tokens, clave api, clave de api, clave secreta, clave privada, secreto, "
        "secretos, clave de acceso api, clave de transmisión, clave de stream, streamkey",
        credentials="credenciales, credencial",
        login="usuario, usuaria, usuarios, nombre de usuario, inicio de sesión, login",
        card="tarjeta, tarjetas, tarjeta de crédito, tarjeta de débito",
        card_code="código de seguridad de la tarjeta, código cvv",
        card_generic="código de seguridad, código de verificación",
        bank="pin de la banca, clave de la banca, clave de banca online, firma electrónica",
        totp="clave de configuración, doble factor, dos factores, autenticador",
        voicemail="buzón de voz, contestador",
        code_word="palabra clave, palabra de seguridad, palabra secreta, palabra mágica, "
        "contraseña verbal",
        answer="palabra memorable, respuesta de seguridad, respuesta a la pregunta de seguridad, "
        "respuesta secreta",
        connection="cadena de conexión",
        entry="puerta, portal, portón, verja, cancela, garaje, portero, entrada, edificio, "
        "aparcamiento, parking",
        container="caja fuerte, cajas fuertes, taquilla, taquillas, trastero, buzón, buzones, "
        "casillero, casilleros, armario, armarios, caja de seguridad",
        keybox="teclado, caja de llaves, caja de las llaves, cajetín, cajita de llaves",
        padlock="candado, candado de la bici",
        lock="cerradura",
        alarm="alarma, alarmas",
        device="móvil, celular, teléfono, tablet, portátil, cajero",
    ),
    "de": _t(
        account="konto, benutzerkonto, postfach",
        password="passwort, passwörter, *passwort, *passwörter, kennwort, kennwörter, "
        "*kennwort, pw, pwd, passwd, passwort, paswort, passwrt",
        passphrase="passphrase, passwortsatz, merksatz, geheimsatz, hauptpasswort, "
        "masterpasswort, verschlüsselungsschlüssel, verschlüsselungspasswort, "
        "verschlüsselungskennwort",
        seed="seed-phrase, seedphrase, wiederherstellungsphrase, *wiederherstellungsphrase, "
        "merkphrase, wiederherstellungswörter",
        pin="pin, pin-code, pincode, pin-nummer, pinnummer, puk, geheimzahl, entsperrcode, "
        "zugangscode, generalcode, mastercode, türcode, torcode, alarmcode, tresorcode, "
        "schlosscode, zahlencode, eingangscode",
        code="code, codes",
        combination="kombination, kombi, zahlenkombination",
        wifi_key="wlan-schlüssel, wlan-passwort, netzwerkschlüssel, wifi-schlüssel, wlan-key",
        network="wlan, wifi, gästenetz, gäste-wlan",
        recovery="wiederherstellungscodes, wiederherstellungscode, backup-codes, notfallcodes, "
        "sicherungscodes, wiederherstellungsschlüssel, *wiederherstellungscodes",
        token="token, schlüssel, *schlüssel, api-schlüssel, geheimnis, privater schlüssel, "
        "geheimer schlüssel, stream-key, streamkey",
        credentials="zugangsdaten, anmeldedaten, logindaten",
        login="benutzer*, nutzername, login, zugang, anmeldung, kennung",
        card="karte, kreditkarte, ec-karte, girocard, bankkarte, *karte",
        card_code="prüfnummer, prüfziffer, prüfzahl, kartenprüfnummer, kartenprüfziffer",
        card_generic="sicherheitscode",
        bank="online-banking-pin, banking-pin, tan",
        totp="einrichtungsschlüssel, zwei-faktor, authenticator",
        voicemail="mailbox, sprachbox, mobilbox",
        code_word="codewort, losungswort, zauberwort, kennwort",
        answer="merkwort, sicherheitsantwort, antwort auf die sicherheitsfrage",
        connection="verbindungszeichenfolge",
        entry="tür, haustür, *tür, tor, garagentor, hoftor, gartentor, einfahrtstor, rolltor, "
        "garage, tiefgarage, *garage, eingang, haus, gebäude, parkhaus",
        container="tresor, *tresor, *safe, spind, schließfach, *schließfach, briefkasten, "
        "postfach, *postfach, schrank, *schrank, *spind",
        keybox="tastatur, schlüsselkasten, schlüsselbox, schlüsselkiste, schlüsseltresor",
        padlock="fahrradschloss, zahlenschloss, vorhängeschloss, bügelschloss, kettenschloss",
        lock="schloss, *schloss",
        alarm="alarm, alarmanlage, *alarm, *alarmanlage",
        device="handy, telefon, tablet, laptop, sim",
    ),
    "fr": _t(
        account="compte, courriel, messagerie",
        password="mot de passe, mots de passe, mot-de-passe, mot de pass, mdp, passe, password",
        passphrase="phrase secrète, phrase de passe, mot de passe maître, mot de passe "
        "principal, clé de chiffrement, clé de cryptage, mot de passe de chiffrement",
        seed="phrase de récupération, phrases de récupération, mots de récupération, phrase "
        "mnémonique, phrase de restauration",
        pin="pin, code pin, nip, code nip, numéro nip, puk, code de déverrouillage, code "
        "d'accès, code maître, code secret, code confidentiel, digicode, code d'entrée",
        code="code, codes",
        combination="combinaison, combinaisons",
        wifi_key="clé wifi, clé wi-fi, clé réseau, clé du réseau, clé de sécurité réseau, clé "
        "pré-partagée, clé prépartagée",
        network="wifi, wi-fi, réseau invité, réseau wifi",
        recovery="codes de secours, code de secours, codes de récupération, codes de "
        "sauvegarde, clé de récupération",
        token="jeton, jetons, jeton d'accès, clé, clés, clef, clefs, clé api, clé secrète, clé "
        "privée, secret, secrets, clé de stream, clé de diffusion, streamkey",
        credentials="identifiants",
        login="utilisateur, nom d'utilisateur, login, connexion, accès",
        card="carte, carte bancaire, carte bleue, cb, carte de crédit",
        card_code="cryptogramme, cryptogramme visuel",
        card_generic="code de sécurité, numéro de sécurité",
        bank="code de la banque, code bancaire",
        totp="clé de configuration, double authentification, authentificateur",
        voicemail="messagerie, messagerie vocale, répondeur",
        code_word="mot code, mot-code, mot de sécurité, mot magique, mot secret, mot de passe "
        "verbal",
        answer="mot mémorable, réponse secrète, réponse à la question secrète",
        connection="chaîne de connexion",
        entry="porte, portail, entrée, immeuble, interphone, garage, parking",
        container="coffre, coffres, coffre-fort, casier, casiers, boîte aux lettres, "
        "coffre de sécurité",
        keybox="boîte à clés, boîte à clé, boîtes à clés, boîte à clefs, boîtier à clés, "
        "boîtier à clé, boîtier à clefs, clavier",
        padlock="cadenas, antivol",
        lock="serrure",
        alarm="alarme, alarmes",
        device="téléphone, portable, tablette, ordinateur",
    ),
    "pt": _t(
        account="conta, perfil",
        password="senha, senhas, palavra-passe, palavras-passe, palavra passe, password, pass",
        passphrase="frase-senha, frase senha, frase secreta, senha mestra, chave de "
        "criptografia, senha de criptografia, chave de encriptação",
        seed="frase de recuperação, frase-semente, frase semente, palavras de recuperação",
        pin="pin, código pin, puk, código de desbloqueio, código de acesso, código de entrada, "
        "código secreto, código mestre",
        code="código, códigos",
        combination="combinação, combinações, segredo",
        wifi_key="chave wifi, chave do wifi, chave de rede, chave pré-compartilhada, senha do wifi",
        network="wifi, rede de visitas, rede wifi",
        recovery="códigos de recuperação, código de recuperação, códigos de backup, chave de "
        "recuperação, códigos de segurança",
        token="token, chave, chaves, chave api, chave secreta, chave privada, segredo, "
        "chave de transmissão, chave de stream, streamkey",
        credentials="credenciais",
        login="utilizador, usuário, usuária, nome de utilizador, login, acesso",
        card="cartão, cartões, cartão de crédito, cartão multibanco",
        card_code="código de segurança do cartão",
        card_generic="código de segurança, código de verificação",
        bank="pin do banco, código do banco",
        totp="chave de configuração, dois fatores, autenticador",
        voicemail="correio de voz",
        code_word="palavra-chave, palavra chave, palavra de segurança, palavra secreta, palavra "
        "mágica",
        answer="palavra memorável, resposta secreta, resposta de segurança",
        connection="string de conexão",
        entry="porta, portão, garagem, prédio, interfone, entrada, estacionamento",
        container="cofre, cofres, armário, armários, cacifo, cacifos, caixa do correio, "
        "caixa de segurança",
        keybox="caixa de chaves, cofre de chaves, teclado",
        padlock="cadeado",
        lock="fechadura",
        alarm="alarme, alarmes",
        device="telemóvel, celular, tablet, telefone",
    ),
    "it": _t(
        account="profilo, posta",
        password="password, parola d'ordine, parola chiave, pass, pw, passwd",
        passphrase="frase segreta, password principale, password master, chiave di cifratura, "
        "chiave di crittografia, password di cifratura",
        seed="frase di recupero, parole di recupero, frase mnemonica",
        pin="pin, codice pin, puk, codice di sblocco, codice d'accesso, codice di accesso, "
        "codice master, codice segreto",
        code="codice, codici",
        combination="combinazione, combinazioni",
        wifi_key="chiave wifi, chiave di rete, chiave pre-condivisa, password del wifi",
        network="wifi, rete ospiti, rete wifi",
        recovery="codici di backup, codici di recupero, codice di recupero, codici di emergenza, "
        "codice di emergenza, chiave di "
        "ripristino, chiave di recupero",
        token="token, chiave, chiavi, chiave api, chiave segreta, chiave privata, segreto, "
        "chiave di streaming, chiave stream, streamkey",
        credentials="credenziali",
        login="utente, nome utente, login, accesso",
        card="carta, carta di credito, bancomat, postepay",
        card_code="codice di sicurezza della carta",
        card_generic="codice di sicurezza, codice di verifica",
        bank="pin dell'home banking, codice dell'home banking",
        totp="chiave di configurazione, due fattori, autenticatore",
        voicemail="segreteria, segreteria telefonica",
        code_word="parola segreta, parola magica, parola di sicurezza",
        answer="parola memorabile, risposta segreta, risposta alla domanda di sicurezza",
        connection="stringa di connessione",
        entry="porta, portone, cancello, ingresso, citofono, garage, parcheggio",
        container="cassaforte, armadietto, armadietti, cassetta di sicurezza, cassetta postale",
        keybox="cassetta delle chiavi, cassetta per le chiavi, cassetta chiavi, portachiavi, "
        "tastierino",
        padlock="lucchetto",
        lock="serratura",
        alarm="allarme, allarmi, antifurto",
        device="cellulare, telefono, tablet",
    ),
}
for _table in TABLES.values():
    for _kind, _forms in _COMMON.items():
        _table[_kind] = _table.get(_kind, ()) + _forms

# Forms that are ordinary words too: they name a secret only with a digit near them.
WEAK = frozenset(
    words(
        "key, keys, acesso, accesso, accès, user, pin, nip, puk, code, codes, código, "
        "códigos, codice, codici, combination, combinations, combo, combos, combinación, "
        "combinaciones, combinaison, combinaisons, combinazione, combinazioni, combinação, "
        "combinações, kombination, kombi, segredo, alarm, alarms, alarme, alarmes, alarma, "
        "alarmas, allarme, allarmi, alarmanlage, zugang"
    )
)


def forms(*kinds: str, langs: Iterable[str] = LANGUAGES) -> tuple[str, ...]:
    """Every form of ``kinds`` in ``langs``, each once, longest first."""
    out = {form for lang in langs for kind in kinds for form in TABLES[lang].get(kind, ())}
    return tuple(sorted(out, key=lambda f: (-len(f), f)))


_FOLD_CLASS = {
    "ä": "(?:ä|ae?)",
    "ö": "(?:ö|oe?)",
    "ü": "(?:ü|ue?)",
    "ß": "(?:ß|ss)",
    "'": "['’ ]?",
    " ": r"[\s_-]?",
    "-": r"[\s_-]?",
}


@lru_cache(maxsize=8192)
def fold(word: str) -> str:
    """``word`` lowercased, without accents (ñ → n, ü → u)."""
    decomposed = unicodedata.normalize("NFKD", word.lower().replace("ß", "ss"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_LETTERS = r"[^\W\d_]*"


@lru_cache(maxsize=4096)
def _atoms(form: str) -> tuple[str, ...]:
    """``form`` as regex pieces, one a character."""
    out: list[str] = []
    for ch in form.strip("*").lower():
        if ch in _FOLD_CLASS:
            out.append(_FOLD_CLASS[ch])
        elif fold(ch) != ch:
            out.append(f"[{ch}{fold(ch)}]")
        else:
            out.append(re.escape(ch))
    if form.endswith("*"):
        out.append(_LETTERS)
    return tuple(out)


def _form_regex(form: str) -> str:
    return (_LETTERS if form.startswith("*") else "") + "".join(_atoms(form))


_Trie = dict[str, "_Trie"]


def factored(sequences: Iterable[tuple[str, ...]]) -> str:
    """An alternation of ``sequences`` with shared prefixes factored out: the regex engine
    then tries one branch per position, not one per form."""
    trie: _Trie = {}
    for atoms in sequences:
        node = trie
        for atom in atoms:
            node = node.setdefault(atom, {})
        node[""] = {}

    def build(node: _Trie) -> str:
        # longer continuations first, so the longest form matches
        alts = [atom + build(node[atom]) for atom in sorted(k for k in node if k)]
        if not alts:
            return ""
        if len(alts) == 1 and "" not in node:
            return alts[0]
        return "(?:" + "|".join(alts) + ")" + ("?" if "" in node else "")

    return build(trie)


@lru_cache(maxsize=256)
def pattern(*kinds: str) -> str:
    """A regex alternation of every form of ``kinds`` in every language (no flags, no word
    boundaries: the caller adds them)."""
    every = forms(*kinds)
    compound = [_form_regex(form) for form in every if form.startswith("*")]
    plain = factored(_atoms(form) for form in every if not form.startswith("*"))
    return "(?:" + "|".join([plain, *compound]) + ")"


def first_words(*kinds: str) -> frozenset[str]:
    """The first word of every form of ``kinds`` (lowercase, with and without accents): a
    text that holds none of them and no stem holds none of the forms."""
    out: set[str] = set()
    for form in forms(*kinds):
        if form.startswith("*"):
            continue
        word = re.split(r"[\s'’-]", form.rstrip("*"))[0]
        out.update({word, fold(word)})
    return frozenset(out)


def stems(*kinds: str) -> tuple[str, ...]:
    """What forms written ``*x`` or ``x*`` need inside a word (lowercase, with and without
    accents): ``passwort`` for ``*passwort``, ``benutzer`` for ``benutzer*``."""
    out: set[str] = set()
    for form in forms(*kinds):
        if form.startswith("*") or form.endswith("*"):
            core = form.strip("*")
            out.update({core, fold(core)})
    return tuple(sorted(out))


def word_set(text: str) -> frozenset[str]:
    """A word table (``words``) as a set of lowercase words, each also without its accents:
    for checking one word at a time."""
    return frozenset(v for form in words(text) for v in (form.lower(), fold(form)))


def word_pattern(text: str, *, extra: str = "") -> LazyPattern:
    """Any form of a word table (``words``) as a whole word, case-insensitive; ``extra`` is
    an alternative that is no word (a regex: "sha\\d+", "gate \\d+ at")."""

    def build() -> str:
        alternatives = "|".join([alternation(text), *([extra] if extra else [])])
        return rf"(?i)(?<!\w)(?:{alternatives})(?!\w)"

    return LazyPattern(build)


def alternation(text: str) -> str:
    """Any form of a word table (``words``) as a regex alternation (no flags, no word
    boundaries: the caller adds them)."""
    every = sorted(words(text), key=lambda f: (-len(f), f))
    compound = [_form_regex(form) for form in every if form.startswith("*")]
    plain = factored(_atoms(form) for form in every if not form.startswith("*"))
    return "(?:" + "|".join([plain, *compound]) + ")"


class LazyPattern:
    """A regex built and compiled on first use. The vocabulary's patterns are large; a
    process that only stores ordinary text (which the prefilter lets through) never needs
    them, so a one-shot command does not pay for compiling them."""

    __slots__ = ("_build", "_compiled")

    def __init__(self, build: Callable[[], str]) -> None:
        self._build = build
        self._compiled: re.Pattern[str] | None = None

    @property
    def regex(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._build())
        return self._compiled

    @property
    def pattern(self) -> str:
        return self.regex.pattern

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.fullmatch(text, pos, endpos)

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.regex.finditer(text, pos, endpos)
