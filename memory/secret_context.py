"""What the checks for values said with no key word share: what a code looks like, what it opens.

A code as people write it (3 to 8 digits, digits said one by one or in dashed groups, a keypad
mark, a keypad letter), the verbs a keypad is told, the things a code opens and the places one
signs in to (from the credential vocabulary, memory/secret_vocab.py), and the words that make a
number an id, a price or a public value instead.
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern, pattern

__all__ = [
    "BETWEEN_WORDS",
    "CODE",
    "CODE_END",
    "LABEL_NOT",
    "LINE_CODE",
    "OPENED",
    "OPENS",
    "PAYMENT",
    "PUBLIC",
    "SIGN_IN_PLACE",
    "TYPED",
    "YEAR",
]

# A code as people write it: 3 to 8 digits, digits said one by one or in dashed groups, a
# keypad mark, letters on a keypad ("C1179", "2580A").
# What a code opens, from the credential vocabulary.
LOCK_KINDS = ("entry", "container", "keybox", "padlock", "lock", "alarm", "device")
CODE = (
    r"(?:[#*]?\d{3,8}[#*]?|\d{1,4}(?:[-*]\d{1,4}){1,3}[#*]?|\d(?: \d){2,7}|\d{2}(?: \d{2}){1,3}"
    r"|[A-D]\d{3,6}|\d{3,6}[A-D]|\d{2,4}[A-D]\d{1,4})"
)
CODE_END = r"(?![\w.,:/-]\w|[\w/])"
# What a keypad or a lock is told: entry verbs, and "opens/turns off with".
TYPED = (
    r"type|typed|typing|key in|keyed in|punch in|punched in|enter|entered|dial|press|"
    r"marca|marcas|marcar|marcando|marque|marquen|teclea|teclear|tecleas|pon|poner|pones|"
    r"introduce|introducir|introduces|mete|meter|digita|digitar|digitas|digite|usa-se|"
    r"carrega|carregar|tippe|tippen|tippst|eingeben|gib|drück|drücke|drücken|tape|taper|"
    r"tapez|tapes|compose|composer|composez|saisir|saisis|saisissez|digitare|digiti|"
    r"inserisci|inserire|componi|comporre|premi|premere|"
    # said while doing it: "en tapant 03977", "punching 5511#", "tecleando 4471"
    r"keying in|punch|punching|entering|tapant|composant|saisissant|tecleando|"
    r"digitando|introduciendo|poniendo|metiendo|inserendo|componendo|premendo|"
    r"tippend|eingebend"
)
OPENED = r"with|using|con|com|mit|avec"  # "opens with", "se abre con", "lo abres con", "ficou com"
# Something a code opens or unlocks, or a word for the code, anywhere in the text.
OPENS = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern(*LOCK_KINDS, 'pin', 'code', 'combination', 'voicemail')}|"
        r"messages|mensajes|mensagens|wake it|unlock\w*|disarm\w*|almac[ée]n|clave|\w+t[üu]r|"
        r"\w+code)(?!\w)"
    )
)
YEAR = re.compile(r"(?:19\d\d|20[0-3]\d)")
# A network or an account someone is told how to get into.
SIGN_IN_PLACE = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('network', 'login')}|network|red|rede|r[ée]seau|rete|netz\w*|"
        r"router|log in|sign in|account|cuenta|konto|compte|conta|portal|app)(?!\w)"
    )
)
LINE_CODE = re.compile(rf"^{CODE}$")
LABEL_NOT = re.compile(
    r"(?i)(?<!\w)(?:tel|tlf|phone|móvil|movil|handy|telefone|telefono|teléfono|fax|order|"
    r"pedido|invoice|factura|fatura|rechnung|fattura|facture|ref|n[º°]|n\.[º°]|nro|no|nr|number|número|"
    r"numero|nummer|numéro|id|serial|serie|série|sn|s/n|model|modelo|room|sala|raum|salle|"
    r"stanza|zimmer|quarto|habitación|tracking|seguimiento|sendung|envío|colis|postcode|"
    r"zip|cp|plz|cep|cap|price|precio|preço|preis|prix|prezzo|total|iban|bic|nif|dni|cif|"
    r"vat|iva|ust|ip|mac|version|versión|v|build|commit|hash|sha|uuid|time|hora|uhrzeit|"
    r"bestellung|auftrag|kunde\w*|customer|client|cliente|commande|ordine|encomenda|"
    r"lieferung|paket|parcel|paquete|envoi|spedizione|conto|account no|"
    r"heure|ora|date|fecha|datum|data|kg|km|€|eur|usd)(?!\w)"
)
PAYMENT = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('card', 'bank', 'device')}|bank\w*|banco|banque|banca|sparkasse|"
        r"mb ?way|bizum|paypal|venmo|multibanco)(?!\w)"
    )
)
PUBLIC = re.compile(
    r"(?i)(?<!\w)(?:sha\d*|md5|checksum|hash|digest|commit|fingerprint|prüfsumme|empreinte|"
    r"impronta|huella|serial|uuid|guid|id|public|pública|publique|pubblica|öffentlich\w*)(?!\w)"
)
BETWEEN_WORDS = re.compile(
    r"(?i)(?<!\w)(?:ticket|review|audit|scan|scheduled|requested|reset|policy|changed|"
    r"cambiado|cambió|geändert|changé|cambiato|mudou|expires?|caduca|length|digits|d[íi]gitos|"
    r"stellen|chiffres|cifre|has|tiene|hat|a|ha|tem|zip|postal|area|country|promo|discount|"
    r"error|status|http|exit|changes?|changed|cambia|cambian|ändert|change|muda|next|pr[óo]xim[oa]|"
    r"n[äa]chste|prochain|prossim[oa]|on|am|em|until|hasta|bis|jusqu|fino|at[ée]|since|desde|"
    r"seit|depuis|dal|valid|v[áa]lid[oa]|g[üu]ltig|valable|expired?|"
    # codes that name a thing, not a secret
    r"products?|produto|prodotto|producto|produit|produkt|article|art[íi]culo|artigo|articolo|"
    r"artikel|items?|sku|part|voucher|coupons?|cup[óo]n|cupom|gift|tax|fiscal|course|curso|"
    r"kurs|cours|corso|class|station|airport|aeropuerto|language|colou?r|booking|reserva|"
    r"reservation|r[ée]servation|prenotazione|buchung|tracking|customer|cliente|client|"
    r"kunden\w*|member|socio|mitglied|membre|bar|qr|iata|icao|swift|bic|iban|sort|branch|"
    r"sucursal|filiale|agencia|ag[êe]ncia|agenzia|nif|cif|dni|ref\w*)(?!\w)"
)
