#!/usr/bin/env node
// Ground truth for the ways JavaScript (and TypeScript) names its
// functions, on the TypeScript compiler's parser (ts.createSourceFile:
// syntax only; .d.ts and .min.js files are left out).
//
// It lists every function-like node whose name can be derived from its
// declaration, the variable it is bound to, its property key or its
// assignment target, at any depth (inside IIFE and UMD wrappers and in call
// arguments), with the form it came from. Functions with no derivable name
// (arr.map(function (x) {...})) and the wrappers themselves are not listed.
//
//	node cmd/fidelity/jsforms.cjs DIR...   -> one JSON line per function
//	{"file","name","form","start","fn","end","toplevel"}
//
// start is the line of the construct that names the function (the
// statement, declarator or property), fn the line where the function itself
// starts, end its last line; toplevel is true when the naming construct is
// a statement of the file (or of a namespace). The typescript package
// (5.x) is looked up from the working directory, then from each DIR, then
// on NODE_PATH (as "typescript" or gt-ts's "ts5").
//
// Forms: declaration, class (class members), variable (module level or in a
// wrapper), nested-variable (a variable inside a function), object-method
// (shorthand and accessors in an object literal), property (key: function
// or arrow; not "name: () => name", a bundler's export table), exports
// (exports.x / module.exports.x), module.exports (named by the function's
// own name, else by the file's module name), prototype (A.prototype.x, and
// members of A.prototype = {...}), member (a.b = fn, this.x = fn), assign
// (x = fn), route (app.get('/path', fn): "GET /path"), registration
// (angular.module(...).controller('Name', fn), grunt's registerTask),
// named-expression (foo(function bar() {})), default.
"use strict";
const fs = require("fs");
const path = require("path");

function loadTS(dirs) {
  for (const from of [process.cwd(), ...dirs]) {
    try {
      return require(require.resolve("typescript", { paths: [from] }));
    } catch {}
  }
  for (const name of ["typescript", "ts5"]) { // NODE_PATH; gt-ts's alias
    try {
      return require(name);
    } catch {}
  }
  console.error("jsforms: the typescript package (5.x) is not installed here or under the corpus");
  process.exit(2);
}
const ts = loadTS(process.argv.slice(2));

const EXT = new Set([".js", ".cjs", ".mjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"]);
const HTTP = new Set(["get", "post", "put", "delete", "del", "patch", "head", "options", "all"]);
const REGISTER = new Set(["controller", "directive", "service", "factory", "filter", "provider",
  "component", "animation", "decorator", "registerTask", "registerMultiTask", "task"]);

// moduleName is the name a file's module.exports function goes by: the
// file's base name, or its directory's for index.js.
function moduleName(file) {
  let base = path.basename(file).replace(/\.[^.]*$/, "");
  if (base === "index") base = path.basename(path.dirname(file));
  return base;
}

function propName(name, sf) {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) ||
      ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return name.getText(sf);
  return null;
}

function skipParens(n) {
  while (n.parent && ts.isParenthesizedExpression(n.parent)) n = n.parent;
  return n;
}

function isFunctionLike(n) {
  return ts.isFunctionExpression(n) || ts.isArrowFunction(n);
}

// isWrapper: an anonymous function that is called on the spot ((function
// () {...})(), !function () {...}(), (function () {...}).call(this)), or
// that is an argument of such a call (a UMD factory) or of define([...],
// fn) / require([...], fn).
function isWrapper(fn) {
  if (fn.name) return false;
  const outer = skipParens(fn);
  const p = outer.parent;
  if (!p) return false;
  if (ts.isCallExpression(p) && p.expression === outer) return true;
  if (ts.isPropertyAccessExpression(p) && p.expression === outer &&
      (p.name.text === "call" || p.name.text === "apply") &&
      ts.isCallExpression(p.parent) && p.parent.expression === p) return true;
  if (ts.isCallExpression(p) && p.arguments.includes(outer)) {
    const callee = skipParensDown(p.expression);
    if (ts.isIdentifier(callee) && (callee.text === "define" || callee.text === "require")) return true;
    if (isFunctionLike(callee) && isWrapper(callee)) return true;
  }
  return false;
}

function skipParensDown(n) {
  while (ts.isParenthesizedExpression(n)) n = n.expression;
  return n;
}

// enclosingFunction is the nearest function-like ancestor that is not a
// wrapper, or null at module level.
function enclosingFunction(n) {
  for (let p = n.parent; p; p = p.parent) {
    if (ts.isFunctionLike(p) && !(isFunctionLike(p) && isWrapper(p))) return p;
  }
  return null;
}

function doFile(file, out) {
  const text = fs.readFileSync(file, "utf8");
  const ext = path.extname(file);
  const sk = ext === ".jsx" ? ts.ScriptKind.JSX : ext === ".tsx" ? ts.ScriptKind.TSX
    : [".ts", ".mts", ".cts"].includes(ext) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, sk);
  if ((sf.parseDiagnostics || []).length) {
    console.error(`jsforms: parse diagnostics: ${file}`);
    out.push(JSON.stringify({ file, error: true }));
    return;
  }
  const line = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const emit = (name, form, at, fn) => {
    const rec = { file, name, form, start: line(at.getStart(sf)), fn: line(fn.getStart(sf)), end: line(fn.end) };
    if (at.parent && (ts.isSourceFile(at.parent) || ts.isModuleBlock(at.parent))) rec.toplevel = true;
    out.push(JSON.stringify(rec));
  };

  function named(fn) {
    if (ts.isFunctionDeclaration(fn)) {
      emit(fn.name ? fn.name.text : "default", fn.name ? "declaration" : "default", fn, fn);
      return;
    }
    if (ts.isMethodDeclaration(fn) || ts.isGetAccessor(fn) || ts.isSetAccessor(fn) || ts.isConstructorDeclaration(fn)) {
      const name = ts.isConstructorDeclaration(fn) ? "constructor" : propName(fn.name, sf);
      if (name === null) return;
      emit(name, ts.isObjectLiteralExpression(fn.parent) ? "object-method" : "class", fn, fn);
      return;
    }
    if (!isFunctionLike(fn) || isWrapper(fn)) return;
    const outer = skipParens(fn);
    const p = outer.parent;
    if (ts.isVariableDeclaration(p) && p.initializer === outer && ts.isIdentifier(p.name)) {
      const list = p.parent;
      const at = list.declarations.length === 1 && ts.isVariableStatement(list.parent) ? list.parent : p;
      emit(p.name.text, enclosingFunction(p) ? "nested-variable" : "variable", at, fn);
      return;
    }
    if (ts.isPropertyAssignment(p) && p.initializer === outer) {
      const name = propName(p.name, sf);
      // "{ forEach: () => forEach }" (a bundler's export table) returns a
      // function defined elsewhere: it defines nothing.
      const alias = ts.isArrowFunction(fn) && ts.isIdentifier(fn.body) && fn.body.text === name;
      if (name !== null && !alias) emit(name, "property", p, fn);
      return;
    }
    if (ts.isPropertyDeclaration(p) && p.initializer === outer) {
      const name = propName(p.name, sf);
      if (name !== null) emit(name, "class", p, fn);
      return;
    }
    if (ts.isBinaryExpression(p) && p.right === outer && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const at = ts.isExpressionStatement(p.parent) ? p.parent : p;
      const l = p.left;
      const src = l.getText(sf).replace(/\s+/g, "");
      if (src === "module.exports") {
        emit(fn.name ? fn.name.text : moduleName(file), "module.exports", at, fn);
        return;
      }
      if (ts.isIdentifier(l)) {
        emit(l.text, "assign", at, fn);
        return;
      }
      let name = null;
      if (ts.isPropertyAccessExpression(l)) name = l.name.text;
      else if (ts.isElementAccessExpression(l) && ts.isStringLiteral(l.argumentExpression)) name = l.argumentExpression.text;
      if (name === null) {
        if (fn.name) emit(fn.name.text, "named-expression", fn, fn);
        return;
      }
      const obj = l.expression.getText(sf).replace(/\s+/g, "");
      let form = "member";
      if (obj === "exports" || obj === "module.exports") form = "exports";
      else if (/\.prototype$/.test(obj)) form = "prototype";
      emit(name, form, at, fn);
      return;
    }
    // AngularJS's injection array: "['$scope', function ($scope) {}]".
    const arr = ts.isArrayLiteralExpression(p) && p.elements[p.elements.length - 1] === outer ? skipParens(p) : null;
    const call = arr ? arr.parent : p;
    const arg = arr || outer;
    if (ts.isCallExpression(call) && call.arguments.includes(arg)) {
      const callee = call.expression;
      const first = call.arguments[0];
      if (ts.isPropertyAccessExpression(callee) && first && ts.isStringLiteralLike(first) &&
          call.arguments[call.arguments.length - 1] === arg) {
        const m = callee.name.text;
        if (!arr && HTTP.has(m) && /^[\/*]/.test(first.text)) {
          emit((m === "del" ? "DELETE" : m.toUpperCase()) + " " + first.text, "route", call, fn);
          return;
        }
        // A description or a dependency list may come between.
        const plain = call.arguments.slice(1, -1).every((a) => ts.isStringLiteralLike(a) || ts.isArrayLiteralExpression(a));
        if (REGISTER.has(m) && first.text !== "" && plain) {
          emit(first.text, "registration", call, fn);
          return;
        }
      }
    }
    if (fn.name) emit(fn.name.text, "named-expression", fn, fn);
  }

  (function visit(n) {
    if (ts.isFunctionLike(n) && n.body) named(n);
    ts.forEachChild(n, visit);
  })(sf);
}

function walk(p, files) {
  const st = fs.statSync(p);
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p).sort()) {
      if (e.startsWith(".")) continue;
      walk(path.join(p, e), files);
    }
  } else if (EXT.has(path.extname(p)) && !/\.min\.js$|\.d\.[mc]?ts$/.test(p)) files.push(p);
}

for (const arg of process.argv.slice(2)) {
  const files = [];
  walk(path.resolve(arg), files);
  for (const f of files) {
    const out = [];
    try {
      doFile(f, out);
    } catch (e) {
      console.error(`jsforms: ${f}: ${e.message}`);
      continue;
    }
    if (out.length) process.stdout.write(out.join("\n") + "\n");
  }
}
