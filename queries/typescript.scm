; TypeScript symbols (also compiled against the tsx grammar: the node types
; used here are the same in both). Declarations are found at any depth, as
; the TypeScript compiler's own AST lists them: classes, interfaces, enums,
; type aliases and function declarations inside functions are real, named
; definitions. Variables are the exception: only module- and
; namespace-level ones, and those holding a function, are symbols (other
; locals are noise); Fixup in
; lang_typescript.go refines their kind from the value (arrow function,
; function expression, class expression, const).
;
; Patterns are ordered specific first: when two capture the same name with
; the same extent, the earlier one wins.

; ---- Types ---------------------------------------------------------------

(class_declaration
  name: (_) @name
  body: (class_body) @body) @definition.class

(abstract_class_declaration
  name: (_) @name
  body: (class_body) @body) @definition.class.abstract

; A named class expression ("return class Foo extends Base {}").
(class
  name: (_) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (_) @name
  body: (interface_body) @body) @definition.interface

(enum_declaration
  name: (_) @name
  body: (enum_body) @body) @definition.enum

(type_alias_declaration
  name: (_) @name
  value: (object_type) @body) @definition.type

(type_alias_declaration
  name: (_) @name) @definition.type

; ---- Namespaces and modules ----------------------------------------------

(internal_module
  name: (_) @name
  body: (statement_block) @body) @definition.namespace

(module
  name: (_) @name
  body: (statement_block)? @body) @definition.module

(ambient_declaration
  "global" @name
  (statement_block) @body) @definition.namespace.global

; ---- Functions -----------------------------------------------------------

(function_declaration
  name: (_) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (_) @name
  body: (statement_block) @body) @definition.function.generator

; Overload signatures and ambient ("declare function") declarations. Each
; overload is its own symbol (anchors f, f~2, ...), as tsc lists them. They
; are @declaration: the implementation, with its body, ranks first.
(function_signature
  name: (_) @name) @definition.function.signature @declaration

; Anonymous default exports are named "default", as tsc names them.
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
  (method_signature
    name: (_) @name
    (#any-of? @name "constructor" "'constructor'" "\"constructor\"")) @definition.constructor.signature)

; Overload signatures, and members of "declare class": declared here,
; implemented elsewhere. (Abstract methods and interface members are the
; contract itself, not @declaration.)
(class_body
  (method_signature
    name: (_) @name) @definition.method.signature @declaration)

(class_body
  (abstract_method_signature
    name: (_) @name) @definition.method.abstract)

; A field holding an arrow function or function expression is a method in
; all but name ("handle = () => {...}"): agents look for it as one.
(class_body
  (public_field_definition
    name: (_) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (statement_block) @body)
    ]) @definition.method.field)

(class_body
  (public_field_definition
    name: (_) @name) @definition.field)

; ---- Object-literal methods ----------------------------------------------
; "{ get() {...}, increment(state) {...} }": method shorthand is a deliberate
; definition (reducers, handlers, prototype objects, returned
; implementations) and tsc lists it; it nests under the symbol that holds
; the object ("api.get"), qualified by the object-key path
; ("plugin.transform.handler"). Properties holding functions and arrow
; functions are methods too (see the binding forms below).

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

; ---- Interface and type-literal members ----------------------------------

(interface_body
  (method_signature
    name: (_) @name) @definition.method.signature)

(interface_body
  (property_signature
    name: (_) @name) @definition.field.signature)

; Method signatures of any type literal: "type T = A & { m(): void }",
; "Promise<{ close(): void }>". tsc lists them; they nest under the symbol
; whose type holds them.
(object_type
  (method_signature
    name: (_) @name) @definition.method.signature)

(type_alias_declaration
  value: (object_type
    (property_signature
      name: (_) @name) @definition.field.signature))

; The members of the shapes a type is made of: a union's or an
; intersection's object types ("type Action = { type: 'a'; payload: P } |
; { type: 'b' }", "type Props = Base & { extra?: T }", at any depth, in
; parentheses too) and an object type that is a property's type
; ("batching?: { enabled: boolean }" is Options.batching.enabled). tsc
; lists them, nested under the symbol whose type holds them (a union in
; a parameter's type nests under the function). A lone object type in a
; parameter or a generic's arguments ("opts: { signal?: AbortSignal }")
; is left out: an outline would fill with them and no name reaches them.
(union_type
  (object_type
    (property_signature
      name: (_) @name) @definition.field.signature))

(intersection_type
  (object_type
    (property_signature
      name: (_) @name) @definition.field.signature))

(property_signature
  type: (type_annotation
    (object_type
      (property_signature
        name: (_) @name) @definition.field.signature)))

; ---- Enum members --------------------------------------------------------

(enum_body
  name: (_) @name @definition.constant.enum_member)

(enum_body
  (enum_assignment
    name: (_) @name) @definition.constant.enum_member)

; ---- Module- and namespace-level variables --------------------------------
; "export", "declare" and the declaration statement are wrappers (see
; lang_typescript.go), so a single declarator takes the statement's range.

(program
  [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (export_statement
      declaration: [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
    (ambient_declaration
      [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
    (export_statement
      declaration: (ambient_declaration
        [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ]))
  ])

; When the whole file fails to parse, the root is an ERROR node that holds
; the statements it could read; Fixup keeps only the root's.
(ERROR
  [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (export_statement
      declaration: [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
    (ambient_declaration
      [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      ])
    (export_statement
      declaration: (ambient_declaration
        [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ]))
  ])

(internal_module
  body: (statement_block
    [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (export_statement
        declaration: [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (ambient_declaration
        [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (export_statement
        declaration: (ambient_declaration
          [
            (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
            (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          ]))
    ]))

(module
  body: (statement_block
    [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (export_statement
        declaration: [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (ambient_declaration
        [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (export_statement
        declaration: (ambient_declaration
          [
            (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
            (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          ]))
    ]))

; declare global { var x: T }
(ambient_declaration
  (statement_block
    [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (export_statement
        declaration: [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (ambient_declaration
        [
          (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        ])
      (export_statement
        declaration: (ambient_declaration
          [
            (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
            (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
          ]))
    ]))

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

; ---- Functions named by how they are bound (as in javascript.scm) --------
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
