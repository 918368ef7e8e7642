#!/usr/bin/env python3
"""List or fill AcroForm fields in a PDF.

usage:
  fill_form.py list FORM.pdf
  fill_form.py fill FORM.pdf VALUES.json OUT.pdf [--flatten] [--need-appearances]
"""
import json
import sys

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, BooleanObject


def list_fields(path):
    reader = PdfReader(path)
    fields = reader.get_fields() or {}
    print(f"{len(fields)} fields")
    for name, f in fields.items():
        ftype = f.get("/FT", "?")
        tip = f.get("/TU", "")
        states = ""
        if ftype == "/Btn" and "/_States_" in f:
            states = " states=" + ",".join(str(s) for s in f["/_States_"])
        print(f"{name}\t{ftype}\tvalue={f.get('/V', '')!r}\t{tip}{states}")


def fill(path, values_path, out, flatten=False, need_app=False):
    with open(values_path, encoding="utf-8") as fh:
        values = json.load(fh)
    reader = PdfReader(path)
    writer = PdfWriter()
    writer.append(reader)
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=need_app)
    if need_app:
        writer._root_object["/AcroForm"][NameObject("/NeedAppearances")] = BooleanObject(True)
    if flatten:
        writer.remove_annotations(subtypes="/Widget")  # crude flatten: drops widgets after values are baked
    with open(out, "wb") as fh:
        writer.write(fh)
    print(f"wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "list":
        list_fields(sys.argv[2])
    elif len(sys.argv) >= 5 and sys.argv[1] == "fill":
        fill(sys.argv[2], sys.argv[3], sys.argv[4],
             flatten="--flatten" in sys.argv, need_app="--need-appearances" in sys.argv)
    else:
        sys.exit(__doc__)
