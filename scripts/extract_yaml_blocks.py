"""Writes the ```yaml blocks of Markdown files whose top level has a given key (`jobs` for GitHub workflows,
`repos` for pre-commit configurations) into a folder, one file per block, named after the Markdown file and the
block's line, so that documented examples can be checked with the real tools.

Usage: extract_yaml_blocks.py KEY OUTPUT_DIR FILE.md…   (prints the files written)
"""

import os
import re
import sys

import yaml

FENCE = re.compile(r"^```ya?ml\s*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(path, key):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for match in FENCE.finditer(text):
        document = yaml.safe_load(match.group(1))
        if isinstance(document, dict) and key in document:
            yield text.count("\n", 0, match.start()) + 1, match.group(1)


def main():
    key, output, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(output, exist_ok=True)
    written = 0
    for path in files:
        stem = os.path.splitext(os.path.basename(path))[0]
        for line, block in blocks(path, key):
            target = os.path.join(output, f"{stem}-line{line}.yml")
            with open(target, "w", encoding="utf-8") as file:
                file.write(block)
            print(target)
            written += 1
    if written == 0:
        sys.exit(f"no YAML block with a top-level '{key}' in {' '.join(files)}")


if __name__ == "__main__":
    main()
