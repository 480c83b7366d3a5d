; Scala 2 and 3 symbols: packages (a package clause holds what follows it
; in the file, as the language defines: "package a; package b" nests b in
; a), package objects, classes and case classes, objects and case
; objects, traits, enums and their cases, defs at any depth (abstract
; ones too), auxiliary constructors ("def this"), vals and vars of
; templates and files (not locals), the val/var parameters of classes and
; every parameter of a case class, type members and aliases (opaque too),
; givens (an anonymous one is named as Scala 3 names it: given_Ord_Int)
; and extension methods. Kinds, native words and names the grammar leaves
; implicit are set by scalaFixup (lang_scala.go).
;
; Extension methods carry the type of the extension's parameter as their
; receiver, as Kotlin's extension functions do: "extension (s: String)
; def isRoot" is String.isRoot, a child of String when String is declared
; in the file. An extension with one method is that method's wrapper (its
; range and signature start at "extension").

(package_clause
  name: (package_identifier) @name
  body: (template_body)? @body) @definition.namespace.package

(package_object
  name: (identifier) @name
  body: (template_body)? @body) @definition.namespace.package_object

; --- types ---------------------------------------------------------------------

(class_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.class

(object_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.class.object

(trait_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.trait

(enum_definition
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(simple_enum_case
  name: (identifier) @name) @definition.constant.case

(full_enum_case
  name: (identifier) @name) @definition.constant.case

(type_definition
  name: (type_identifier) @name) @definition.type

(given_definition
  name: (identifier)? @name
  body: (_)? @body) @definition.variable.given

; --- callables -----------------------------------------------------------------

; (The methods are "body:" children, but a field pattern matches only the
; first of several children with that field.)
(extension_definition
  parameters: (parameters
    (parameter
      type: (_) @receiver))
  (function_definition
    name: (identifier) @name
    body: (_)? @body) @definition.method.extension)

(extension_definition
  parameters: (parameters
    (parameter
      type: (_) @receiver))
  body: (template_body
    (function_definition
      name: (identifier) @name
      body: (_)? @body) @definition.method.extension))

(extension_definition
  parameters: (parameters
    (parameter
      type: (_) @receiver))
  (function_declaration
    name: (identifier) @name) @definition.method.extension)

(function_definition
  name: (identifier) @name
  body: (_)? @body) @definition.function

(function_declaration
  name: (identifier) @name) @definition.function

; --- values ----------------------------------------------------------------------
;
; vals and vars of templates (classes, objects, traits, enums, givens) are
; fields; those of files and packages are variables. Locals are left out.

[
  (compilation_unit
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.variable)
  (package_clause body: (template_body
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.variable))
  (package_object body: (template_body
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.variable))
]

[
  (template_body
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.field)
  (enum_body
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.field)
  (with_template_body
    [
      (val_definition pattern: (identifier) @name)
      (var_definition pattern: (identifier) @name)
      (val_declaration name: (identifier) @name)
      (var_declaration name: (identifier) @name)
    ] @definition.field)
]

; Class parameters: scalaFixup keeps the val/var ones and those of case
; classes and enum cases.
(class_parameters
  (class_parameter
    name: (identifier) @name) @definition.field.parameter)
