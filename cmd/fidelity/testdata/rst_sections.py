#!/usr/bin/env python3
"""List the sections of reStructuredText files as docutils reads them.

    python3 rst_sections.py DIR

prints one JSON object a line, {"file", "line", "level", "title"}, for every
section of every .rst, .rest and .rst.txt file under DIR (dot folders
skipped): line is the section's first line (its overline, if any), level
its depth (1 for the top; the document title is not promoted), title its
text as docutils gives it. Sphinx roles and directives are unknown to bare
docutils: a role shows its text as Sphinx shows a cross-reference (an
explicit title, or the target with "~" keeping its last part), and an
unknown directive is left out as docutils leaves it, which does not change
the sections. Includes are not followed.
"""
import json
import os
import sys

import docutils.core
import docutils.nodes as nodes
from docutils.parsers.rst import roles


def display(text):
    text = text.strip()
    if text.endswith(">") and " <" in text:
        return " ".join(text[: text.rindex(" <")].split())
    text = text.lstrip("!")
    if text.startswith("~"):
        text = text[1:].rsplit(".", 1)[-1]
    return "".join(text.split())


def generic_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, display(text))], []


_known = roles.role


def any_role(role_name, language_module, lineno, reporter):
    fn, msgs = _known(role_name, language_module, lineno, reporter)
    if fn is None:
        return generic_role, []
    return fn, msgs


roles.role = any_role
docutils.parsers.rst.states.roles.role = any_role

SETTINGS = {
    "doctitle_xform": False,
    "sectsubtitle_xform": False,
    "sectnum_xform": False,  # titles as written, not numbered by .. sectnum::
    "report_level": 5,
    "halt_level": 5,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "warning_stream": False,
    "input_encoding": "utf-8-sig",
}


def sections(path, rel):
    with open(path, encoding="utf-8", errors="replace") as f:
        src = f.read()
    lines = src.splitlines()
    try:
        doc = docutils.core.publish_doctree(src, source_path=path, settings_overrides=SETTINGS)
    except Exception as e:  # docutils gave up on the file
        print(json.dumps({"file": rel, "error": str(e)[:200]}))
        return
    for sec in doc.findall(nodes.section):
        title = sec[0]
        if not isinstance(title, nodes.title) or title.line is None:
            continue
        level = 0
        p = sec
        while p is not None:
            if isinstance(p, nodes.section):
                level += 1
            p = p.parent
        under = title.line - 1  # 0-based index of the underline
        first = under - 1
        if under >= 2 and lines[under].rstrip() == lines[under - 2].rstrip():
            first = under - 2
        print(json.dumps({"file": rel, "line": first + 1, "level": level,
                          "title": " ".join(title.astext().split())}))


def main():
    root = sys.argv[1]
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".rst", ".rest", ".rst.txt")):
                path = os.path.join(dirpath, name)
                sections(path, os.path.relpath(path, root))


if __name__ == "__main__":
    main()
