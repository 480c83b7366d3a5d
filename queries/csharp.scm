; C# symbols: namespaces (block and file-scoped; a file-scoped namespace
; holds the rest of the file, see lang_csharp.go), every type at any
; depth (classes, structs, interfaces, enums, records, delegates), their
; members (methods, constructors, destructors, operators, properties,
; indexers, events, fields, enum members, the positional parameters of
; records) and local functions. Each part of a partial class is its own
; symbol (the second gets the anchor "Name~2"); members are qualified by
; the type's name either way. Attributes are in the range, not in the
; signature. Kinds of fields (const, static readonly), names of
; operators, indexers and destructors, explicit interface implementations
; and property signatures with their accessors are set by csharpFixup.

(namespace_declaration
  name: (_) @name
  body: (declaration_list) @body) @definition.namespace

(file_scoped_namespace_declaration
  name: (_) @name) @definition.namespace

; --- types ---------------------------------------------------------------------

(class_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.class

(struct_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.struct

(interface_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_member_declaration_list) @body) @definition.enum

(record_declaration
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.record

(delegate_declaration
  name: (identifier) @name) @definition.type.delegate

; --- callables -----------------------------------------------------------------

; Extension methods: the first parameter is marked "this".
(method_declaration
  name: (identifier) @name
  parameters: (parameter_list
    .
    (parameter
      (modifier) @_this
      (#eq? @_this "this")))
  body: (_)? @body) @definition.method.extension

(method_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.constructor

(destructor_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.method.destructor

(operator_declaration
  operator: _ @name
  body: (_)? @body) @definition.method.operator

(conversion_operator_declaration
  body: (_)? @body) @definition.method.operator

(local_function_statement
  name: (identifier) @name
  body: (_)? @body) @definition.function.local

; --- data members --------------------------------------------------------------

(property_declaration
  name: (identifier) @name) @definition.property

(indexer_declaration) @definition.property.indexer

(event_declaration
  name: (identifier) @name) @definition.property.event

(event_field_declaration
  (variable_declaration
    (variable_declarator
      name: (identifier) @name))) @definition.property.event

(field_declaration
  (variable_declaration
    (variable_declarator
      name: (identifier) @name))) @definition.field

(enum_member_declaration
  name: (identifier) @name) @definition.constant.enum_member

; record Point(int X, int Y): the positional parameters are properties.
(record_declaration
  (parameter_list
    (parameter
      name: (identifier) @name) @definition.property.parameter))
