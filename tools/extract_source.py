#!/usr/bin/env python3
"""Extract the decoder step the page shows, from the very file compiled into the core.

Reads cpp/core/decoder_step.cpp (or --source), takes the lines strictly between the marker lines
`// [decoder-step:begin]` and `// [decoder-step:end]` (or `// [M:begin]`, `// [M:end]` for
--marker M), drops the `// [line:NAME]` tag lines from
the displayed code, and maps every tag to the displayed lines it covers: a tag covers the lines
that follow it up to the next blank line, the next tag, or the end marker. Writes JSON

  {"file": "cpp/core/decoder_step.cpp",        path relative to the repository root
   "code": "...",                              the function, exactly as in the file (no tags)
   "lines": {"embed": [4, 5], ...},            1-based line numbers within "code", tags in order
   "file_lines": [32, 33, ...]}                file line number of each line of "code"

to --out (default: standard output). Exits with status 1 and a message if the markers or tags
are missing or malformed, so a build that uses it fails rather than shipping a stale listing.

  python3 tools/extract_source.py --out web/generated/decoder_step.json
  python3 tools/extract_source.py --source cpp/nmt/rnn_search.cpp --marker rnnsearch-step \
      --out web/generated/rnnsearch_step.json
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SOURCE = os.path.join("cpp", "core", "decoder_step.cpp")
DEFAULT_MARKER = "decoder-step"
TAG = re.compile(r"^\s*// \[line:([a-z_]+)\]\s*$")


class ExtractError(Exception):
    pass


def marker_index(lines, marker):
    found = [k for k, line in enumerate(lines) if line.strip() == marker]
    if len(found) != 1:
        raise ExtractError(f"expected exactly one '{marker}' line, found {len(found)}")
    return found[0]


def extract(text, file_label, marker=DEFAULT_MARKER):
    lines = text.split("\n")
    begin, end = marker_index(lines, f"// [{marker}:begin]"), marker_index(lines, f"// [{marker}:end]")
    if end <= begin + 1:
        raise ExtractError("the end marker must come after the begin marker, with code between")
    code, file_lines, tags = [], [], {}
    current = None  # the tag whose group is open
    for k in range(begin + 1, end):
        line = lines[k]
        match = TAG.match(line)
        if match:
            current = match.group(1)
            tags.setdefault(current, [])
            continue
        if "[line:" in line or f"[{marker}:" in line:
            raise ExtractError(f"line {k + 1}: malformed marker: {line.strip()}")
        code.append(line)
        file_lines.append(k + 1)
        if not line.strip():
            current = None
        elif current is not None:
            tags[current].append(len(code))
    empty = [name for name, nums in tags.items() if not nums]
    if empty:
        raise ExtractError("tags with no lines under them: " + ", ".join(empty))
    return {"file": file_label, "code": "\n".join(code), "lines": tags, "file_lines": file_lines}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", default=os.path.join(ROOT, DEFAULT_SOURCE))
    parser.add_argument("--marker", default=DEFAULT_MARKER, help="the NAME of // [NAME:begin] and // [NAME:end]")
    parser.add_argument("--out", help="JSON file to write (directories are created)")
    args = parser.parse_args(argv)
    source = os.path.abspath(args.source)
    with open(source, encoding="utf-8") as f:
        text = f.read()
    label = os.path.relpath(source, ROOT).replace(os.sep, "/")
    try:
        result = extract(text, label, args.marker)
    except ExtractError as e:
        print(f"extract_source: {label}: {e}", file=sys.stderr)
        return 1
    payload = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(payload)
    else:
        sys.stdout.write(payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
