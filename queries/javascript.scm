; JavaScript symbols (.js .jsx .mjs .cjs): the TypeScript query without the
; type-level declarations. Declarations are found at any depth; variables
; at module level (or at the top of an IIFE/UMD wrapper) and wherever they
; hold a function, and Fixup in lang_typescript.go refines their kind from
; the value. Patterns are ordered specific first.

; ---- Classes -------------------------------------------------------------

(class_declaration
  name: (_) @name
  body: (class_body) @body) @definition.class

(class
  name: (_) @name
  body: (class_body) @body) @definition.class

; ---- Functions -----------------------------------------------------------

(function_declaration
  name: (_) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (_) @name
  body: (statement_block) @body) @definition.function.generator

(export_statement
  "default" @name
  value: [
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
    (arrow_function body: (_) @body)
  ] @definition.function)

(export_statement
  "default" @name
  value: (class body: (class_body) @body) @definition.class)

; ---- Class members -------------------------------------------------------

(class_body
  (method_definition
    "get"
    name: (_) @name
    body: (statement_block) @body) @definition.method.getter)

(class_body
  (method_definition
    "set"
    name: (_) @name
    body: (statement_block) @body) @definition.method.setter)

(class_body
  (method_definition
    name: (_) @name
    body: (statement_block) @body
    (#any-of? @name "constructor" "'constructor'" "\"constructor\"")) @definition.constructor)

(class_body
  (method_definition
    name: (_) @name
    body: (statement_block) @body) @definition.method)

(class_body
  (field_definition
    property: (_) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (statement_block) @body)
    ]) @definition.method.field)

(class_body
  (field_definition
    property: (_) @name) @definition.field)

; ---- Object-literal methods (see typescript.scm) ---------------------------

(object
  (method_definition
    "get"
    name: (_) @name
    body: (statement_block) @body) @definition.method.getter)

(object
  (method_definition
    "set"
    name: (_) @name
    body: (statement_block) @body) @definition.method.setter)

(object
  (method_definition
    name: (_) @name
    body: (statement_block) @body) @definition.method)

; ---- Module-level variables ----------------------------------------------

(program
  [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (export_statement
      declaration: [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
  ])

; A file that fails to parse entirely has an ERROR root (see typescript.scm).
(ERROR
  [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (export_statement
      declaration: [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
  ])

; ---- Exports -------------------------------------------------------------
; "export default defineConfig({...})" and "export default router": the
; module's default value (after the function and class forms above).
(export_statement
  "default" @name
  value: (_) @definition.variable.default)

; Re-exports: one symbol of kind export per name ("export { createServer }
; from './server'", "export type { A as B } from './types'", "export * as
; ns from './ns'"), and "export * from './utils'" named by its module. The
; signature says what and from where.
(export_statement
  (export_clause
    (export_specifier) @name @definition.export)
  source: (_))

(export_statement
  source: (string) @name) @definition.export

; ---- Functions named by how they are bound (lang_javascript.go) -----------
; Old-style JavaScript names its functions by assignment, by property key,
; by the variable they are bound to and by the call that registers them,
; at any depth: inside IIFE and UMD wrappers, in constructors, in call
; arguments. Fixup derives the name and receiver from the binding
; ("Chance.prototype.pad = function" is the method Chance.pad) and drops
; what is not a definition. Functions bound to nothing (arr.map(function
; (x) {...})) are no symbols.

(assignment_expression
  left: [(identifier) (member_expression) (subscript_expression)] @name
  right: [
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
    (arrow_function body: (_) @body)
  ]) @definition.function

(pair
  key: (_) @name
  value: [
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
    (arrow_function body: (_) @body)
  ]) @definition.method

(variable_declarator
  name: (identifier) @name
  value: [
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
    (arrow_function body: (_) @body)
  ]) @definition.function

; Variables of any other value: Fixup keeps those at module level and at
; the top of a wrapper function.
(variable_declarator
  name: (identifier) @name) @definition.variable

; "app.get('/users/:id', function (req, res) {...})" is "GET /users/:id";
; "angular.module('x').controller('Ctrl', function ($scope) {...})" is Ctrl.
(call_expression
  function: (member_expression property: (property_identifier) @_method)
  arguments: (arguments . (string) @name)
  (#any-of? @_method "get" "post" "put" "delete" "del" "patch" "head" "options" "all"
    "controller" "directive" "service" "factory" "filter" "provider" "component"
    "animation" "decorator" "registerTask" "registerMultiTask" "task")) @definition.function

; A named function expression bound to nothing else: "foo(function bar() {})".
(function_expression
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function
  name: (identifier) @name
  body: (statement_block) @body) @definition.function.generator
