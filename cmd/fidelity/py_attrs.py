#!/usr/bin/env python3
"""Ground truth for Python's data definitions, with CPython's ast: what
`fidelity -lang python -attrs` compares treenav's fields, constants and
variables with (gt-python lists only classes and functions).

Usage: python3 cmd/fidelity/py_attrs.py DIR   -> JSON lines on stdout
Each line: {"file","name","parent","line","form"}; parent is the dotted
qualified name of the enclosing class ("" at module level), line the
statement's first line. Forms:
  module       NAME = ... / NAME: T [= ...] directly in the module
  module_cond  the same inside module-level if/elif/else, try/except/else/
               finally and with blocks, at any depth of them (TYPE_CHECKING
               included; not under `if __name__ == ...:`, not in for/while)
  class_assign NAME = ... directly in a class body
  class_ann    NAME: T [= ...] directly in a class body
  init_self    self.NAME = ... / self.NAME: T = ... in __init__ (first
               parameter, any name), at any depth of its if/try/with/for/
               while statements but not in nested functions, classes or
               lambdas; the first assignment of each name in source order;
               not when the class body defines NAME itself
Targets are names, flat tuples/lists of names and chains (a = b = ...).
"""
import ast
import json
import os
import sys

COND = (ast.If, ast.Try, ast.With, ast.AsyncWith)
if hasattr(ast, "TryStar"):
    COND = COND + (ast.TryStar,)


def names(t):
    if isinstance(t, ast.Name):
        return [t.id]
    if isinstance(t, (ast.Tuple, ast.List)):
        return [e.id for e in t.elts if isinstance(e, ast.Name)]
    return []


def targets(st):
    if isinstance(st, ast.Assign):
        return st.targets
    if isinstance(st, ast.AnnAssign):
        return [st.target]
    return []


def is_main_guard(st):
    t = st.test
    return (isinstance(st, ast.If) and isinstance(t, ast.Compare) and isinstance(t.left, ast.Name)
            and t.left.id == "__name__" and isinstance(t.ops[0], ast.Eq))


def blocks(st):
    """The statement lists of a compound statement, in source order."""
    out = [getattr(st, "body", []) or []]
    for h in getattr(st, "handlers", []) or []:
        out.append(h.body)
    for f in ("orelse", "finalbody"):
        out.append(getattr(st, f, []) or [])
    return out


def module_defs(stmts, cond, out, emit):
    for st in stmts:
        for t in targets(st):
            for n in names(t):
                emit(n, "", st.lineno, "module_cond" if cond else "module")
        if isinstance(st, COND) and not (isinstance(st, ast.If) and is_main_guard(st)):
            for b in blocks(st):
                module_defs(b, True, out, emit)


def class_names(stmts, acc):
    """Every name a class body binds at any depth of its own statements."""
    for st in stmts:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            acc.add(st.name)
            continue
        for t in targets(st):
            acc.update(names(t))
        for b in blocks(st):
            class_names(b, acc)


def self_assigns(stmts, selfname, seen, emit):
    for st in stmts:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for t in targets(st):
            elts = t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]
            for e in elts:
                if (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)
                        and e.value.id == selfname and e.attr not in seen):
                    seen.add(e.attr)
                    emit(e.attr, st.lineno)
        if not isinstance(st, ast.Match):
            for b in blocks(st):
                self_assigns(b, selfname, seen, emit)


def walk(node, qual, emit):
    """Classes at any depth; qual is the dotted name of the enclosing
    classes and functions."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            q = f"{qual}.{child.name}" if qual else child.name
            for st in child.body:
                for t in targets(st):
                    for n in names(t):
                        emit(n, q, st.lineno, "class_ann" if isinstance(st, ast.AnnAssign) else "class_assign")
            bound = set()
            class_names(child.body, bound)
            for st in child.body:
                if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == "__init__":
                    args = st.args.posonlyargs + st.args.args
                    if not args:
                        continue
                    seen = set(bound)
                    self_assigns(st.body, args[0].arg, seen,
                                 lambda n, line, q=q: emit(n, q, line, "init_self"))
                    bound = seen  # a second __init__ adds only new names
            walk(child, q, emit)
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            q = f"{qual}.{child.name}" if qual else child.name
            walk(child, q, emit)
        else:
            walk(child, qual, emit)


def do_file(path):
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), filename=path)

    def emit(name, parent, line, form):
        print(json.dumps({"file": path, "name": name, "parent": parent, "line": line, "form": form}))

    module_defs(tree.body, False, None, emit)
    walk(tree, "", emit)


def main():
    rc = 0
    for arg in sys.argv[1:]:
        paths = [arg]
        if os.path.isdir(arg):
            paths = []
            for root, dirs, files in os.walk(arg):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__"))
                paths += [os.path.join(root, f) for f in sorted(files) if f.endswith(".py")]
        for p in paths:
            try:
                do_file(p)
            except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError) as e:
                print(f"parse error: {p}: {e}", file=sys.stderr)
                rc = 1
    sys.exit(rc)


if __name__ == "__main__":
    main()
