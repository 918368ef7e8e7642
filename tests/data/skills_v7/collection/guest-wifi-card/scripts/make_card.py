#!/usr/bin/env python3
"""Render a guest Wi-Fi card (PNG QR + HTML page)."""
import argparse, html, pathlib

def esc(s):
    for ch in '\\;,:"':
        s = s.replace(ch, '\\' + ch)
    return s

ap = argparse.ArgumentParser()
ap.add_argument("--ssid", required=True)
ap.add_argument("--password", default="")
ap.add_argument("--security", default="WPA", choices=["WPA", "WEP", "nopass"])
ap.add_argument("--hidden", action="store_true")
ap.add_argument("--title", default="Guest Wi-Fi")
a = ap.parse_args()

payload = f"WIFI:T:{a.security};S:{esc(a.ssid)};"
if a.security != "nopass":
    payload += f"P:{esc(a.password)};"
if a.hidden:
    payload += "H:true;"
payload += ";"

import qrcode  # imported late so --help works without it
qrcode.make(payload).save("wifi-card.png")
here = pathlib.Path(__file__).resolve().parent.parent
tpl = (here / "assets" / "card_template.html").read_text()
out = (tpl.replace("{{TITLE}}", html.escape(a.title))
          .replace("{{SSID}}", html.escape(a.ssid))
          .replace("{{PASSWORD}}", html.escape(a.password or "(open network)")))
pathlib.Path("wifi-card.html").write_text(out)
print("wrote wifi-card.png and wifi-card.html")
