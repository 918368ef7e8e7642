#!/usr/bin/env python3
"""docx -> GitHub-flavoured Markdown with light clean-up. usage: docx2md.py IN.docx [OUT.md] [--ascii]"""
import pathlib
import re
import subprocess
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
flags = [a for a in sys.argv[1:] if a.startswith("--")]
src = pathlib.Path(args[0])
out = pathlib.Path(args[1]) if len(args) > 1 else src.with_suffix(".md")

extra = [f for f in flags if f.startswith("--track-changes")]
subprocess.run(["pandoc", str(src), "-t", "gfm", "--wrap=none",
                f"--extract-media={out.parent}", "-o", str(out), *extra], check=True)

text = out.read_text(encoding="utf-8")
text = re.sub(r"\n{3,}", "\n\n", text)              # collapse blank runs
text = re.sub(r"^(\s*)\\([-*])", r"\1\2", text, flags=re.M)  # unescape list markers pandoc over-escapes
if "--ascii" in flags:
    text = (text.replace("\u201c", '"').replace("\u201d", '"')
                .replace("\u2018", "'").replace("\u2019", "'").replace("\u00a0", " "))
out.write_text(text, encoding="utf-8")
print(f"wrote {out}")
