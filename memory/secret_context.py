"""What the checks for values said with no key word share: what a code looks like, what it opens.

A code as people write it (3 to 8 digits, digits said one by one or in dashed groups, a keypad
mark, a keypad letter), the verbs a keypad is told, the things a code opens and the places one
signs in to (from the credential vocabulary, memory/secret_vocab.py), and the words that make a
number an id, a price or a public value instead.
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern, pattern, word_pattern

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
    "THING_WORDS",
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
# What a number's label says it is when it is no code: a phone, an order, a place, a price…
LABEL_NOT = word_pattern(
    "tel, tlf, phone, móvil, handy, telefone, telefono, teléfono, fax, order, pedido, invoice, "
    "factura, fatura, rechnung, fattura, facture, ref, nº, n°, n.º, n.°, nro, no, nr, number, "
    "número, numero, nummer, numéro, id, serial, serie, série, sn, s/n, model, modelo, room, "
    "sala, raum, salle, stanza, zimmer, quarto, habitación, tracking, seguimiento, sendung, "
    "envío, colis, postcode, zip, cp, plz, cep, cap, price, precio, preço, preis, prix, prezzo, "
    "total, iban, bic, nif, dni, cif, vat, iva, ust, ip, mac, version, versión, v, build, "
    "commit, hash, sha, uuid, time, hora, uhrzeit, bestellung, auftrag, kunde*, customer, "
    "client, cliente, commande, ordine, encomenda, lieferung, paket, parcel, paquete, envoi, "
    "spedizione, conto, account no, heure, ora, date, fecha, datum, data, kg, km, €, eur, usd"
)
PAYMENT = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('card', 'bank', 'device')}|bank\w*|banco|banque|banca|sparkasse|"
        r"mb ?way|bizum|paypal|venmo|multibanco)(?!\w)"
    )
)
PUBLIC = word_pattern(
    "md5, checksum, hash, digest, commit, fingerprint, prüfsumme, empreinte, impronta, huella, "
    "serial, uuid, guid, id, public, pública, público, publique, pubblica, pubblico, "
    "öffentlich*",
    extra=r"sha\d*",
)
# Codes and numbers that name a thing (a product, a place, a lot, a booking…), not a lock's
# or an account's secret: "código de área", "codice prodotto", "lot number", "Artikelnummer".
THING_WORDS = (
    "products, product, produto, prodotto, producto, produit, produkt, article, artículo, "
    "artigo, articolo, artikel, items, item, sku, ean, upc, gtin, isbn, issn, aic, ndc, "
    "part, pieza, pezzo, pièce, peça, teil, ersatzteil, model, modelo, modello, modèle, modell, "
    "lot, lote, lotto, batch, charge, voucher, coupons, coupon, cupón, cupom, área, area, zona, "
    "país, paese, pays, country, postal, postale, zip, promo, discount, descuento, sconto, "
    "rabatt, remise, desconto, referencia, referência, riferimento, référence, referenz, "
    "reference, ref*, pedido, order, commande, ordine, encomenda, bestellung, invoice, factura, "
    "fatura, facture, fattura, rechnung, serial, serie, série, booking, reserva, reservation, "
    "réservation, prenotazione, buchung, tracking, seguimiento, kennzeichen, matrícula, "
    "license plate, licence plate, number plate, plate, targa, plaque, immatriculation, placa, "
    "flight, vuelo, vol, volo, voo, flug, lieferschein, delivery note, packing slip, albarán, "
    "bon de livraison, bolla, guia de remessa, receipt, recibo, quittung, reçu, ricevuta, beleg"
)
BETWEEN_WORDS = word_pattern(
    "ticket, review, audit, scan, scheduled, requested, reset, policy, changed, cambiado, "
    "cambió, geändert, changé, cambiato, mudou, expire, expires, caduca, length, digits, "
    "dígitos, stellen, chiffres, cifre, has, tiene, hat, a, ha, tem, changes, change, cambia, "
    "cambian, ändert, muda, next, próximo, próxima, nächste, prochain, prossimo, prossima, on, "
    "am, em, until, hasta, bis, jusqu, fino, até, since, desde, seit, depuis, dal, valid, "
    "válido, válida, gültig, valable, expired, gift, tax, fiscal, course, curso, kurs, cours, "
    "corso, class, station, airport, aeropuerto, language, colour, color, customer, cliente, "
    "client, kunden*, member, socio, mitglied, membre, bar, qr, iata, icao, swift, bic, iban, "
    "sort, branch, sucursal, filiale, agencia, agência, agenzia, nif, cif, dni, error, erreur, "
    "errore, erro, fehler*, status, http, exit, " + THING_WORDS
)
