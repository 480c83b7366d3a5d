; JavaScript symbols (.js .jsx .mjs .cjs): the TypeScript query without the
; type-level declarations. Declarations are found at any depth; variables
; only at module level, and Fixup in lang_typescript.go refines their kind
; from the value. Patterns are ordered specific first.

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

; ---- Functions assigned to members at module level ----------------------
; CommonJS and prototype-style code defines its API by assignment:
; "exports.parse = function (...)", "Router.prototype.use = function",
; "res.send = function send(body)". The object before the name is the
; receiver ("Router.use"); exports are plain functions.

(program
  (expression_statement
    (assignment_expression
      left: (member_expression
        object: [
          (identifier) @_exports
          (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
        ]
        property: (property_identifier) @name)
      right: [
        (function_expression body: (statement_block) @body)
        (arrow_function body: (_) @body)
      ]) @definition.function
    (#eq? @_exports "exports")
    (#eq? @_module "module")))

(program
  (expression_statement
    (assignment_expression
      left: (member_expression
        object: (member_expression
          object: (identifier) @receiver
          property: (property_identifier) @_proto)
        property: (property_identifier) @name)
      right: [
        (function_expression body: (statement_block) @body)
        (arrow_function body: (_) @body)
      ]) @definition.method
    (#eq? @_proto "prototype")))

(program
  (expression_statement
    (assignment_expression
      left: (member_expression
        object: (identifier) @receiver
        property: (property_identifier) @name)
      right: [
        (function_expression body: (statement_block) @body)
        (arrow_function body: (_) @body)
      ]) @definition.method
    (#not-any-of? @receiver "exports" "module")))
