; Swift symbols: classes, structs, enums, actors (one grammar node, the
; kind is set from its keyword by swiftFixup), protocols and their
; requirements, functions and methods at any depth, initializers,
; deinitializers, subscripts, properties of types and files (not locals),
; enum cases, typealiases, associated types and macros.
;
; Extensions are not symbols: their members carry the extended type
; (@receiver), are qualified by it (String.isRoot) and, when the type is
; declared in the same file, become its children, as Rust impl items do.
;
; Function names are set by swiftFixup from the first "name" field: the
; grammar also labels return types and parameter types "name", and an
; operator's name is punctuation.

; --- extension members (before the catch-alls: equal extents keep the first) ---

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (function_declaration
      body: (function_body)? @body) @definition.method))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (init_declaration
      body: (function_body)? @body) @definition.constructor))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (subscript_declaration) @definition.property.subscript))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (property_declaration
      name: (pattern
        bound_identifier: (simple_identifier) @name)) @definition.property))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (typealias_declaration
      name: (type_identifier) @name) @definition.type.alias))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (class_declaration
      name: (type_identifier) @name
      body: (_) @body) @definition.class))

(class_declaration
  declaration_kind: "extension"
  name: (_) @receiver
  body: (class_body
    (protocol_declaration
      name: (type_identifier) @name
      body: (_) @body) @definition.interface.protocol))

; --- types ---------------------------------------------------------------------

(class_declaration
  name: (type_identifier) @name
  body: (_) @body) @definition.class

(protocol_declaration
  name: (type_identifier) @name
  body: (protocol_body) @body) @definition.interface.protocol

(typealias_declaration
  name: (type_identifier) @name) @definition.type.alias

(associatedtype_declaration
  name: (type_identifier) @name) @definition.type.associated

; --- callables -----------------------------------------------------------------

(function_declaration
  body: (function_body)? @body) @definition.function

(protocol_function_declaration) @definition.method

(init_declaration
  body: (function_body)? @body) @definition.constructor

(deinit_declaration
  body: (function_body)? @body) @definition.method.deinit

(subscript_declaration) @definition.property.subscript

(macro_declaration) @definition.macro

; --- properties ------------------------------------------------------------------

[
  (class_body
    (property_declaration
      name: (pattern
        bound_identifier: (simple_identifier) @name)) @definition.property)
  (enum_class_body
    (property_declaration
      name: (pattern
        bound_identifier: (simple_identifier) @name)) @definition.property)
  (protocol_body
    (protocol_property_declaration
      name: (pattern
        bound_identifier: (simple_identifier) @name)) @definition.property)
]

; Globals: "let" is a constant, "var" a variable (swiftFixup).
(source_file
  (property_declaration
    name: (pattern
      bound_identifier: (simple_identifier) @name)) @definition.variable)

(enum_entry
  name: (simple_identifier) @name) @definition.constant.case
