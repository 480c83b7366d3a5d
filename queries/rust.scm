; Rust symbols: every item, wherever it is (syn and rustc see items inside
; function bodies too), plus struct fields and enum variants as children.
; `impl` blocks are not symbols: their functions, consts and types carry the
; implemented type (@receiver) and attach to it, as Go methods do. Outer doc
; comments, attributes interleaved with them, inner module docs, receivers
; of non-path types and signature trimming are done by rustFixup in
; parsers/code/lang_rust.go.

; --- impl members (before the catch-alls: equal extents keep the first) ---

(impl_item
  type: (_) @receiver
  body: (declaration_list
    (function_item
      name: (identifier) @name
      body: (block) @body) @definition.method))

(impl_item
  type: (_) @receiver
  body: (declaration_list
    (const_item
      name: (identifier) @name
      (#not-eq? @name "_")) @definition.constant))

(impl_item
  type: (_) @receiver
  body: (declaration_list
    (type_item
      name: (type_identifier) @name) @definition.type.associated))

; --- trait members: methods by containment (a function in a trait) ---

(trait_item
  body: (declaration_list
    (associated_type
      name: (type_identifier) @name) @definition.type.associated))

; Functions declared in extern blocks (FFI) keep the native word "extern".
(foreign_mod_item
  body: (declaration_list
    (function_signature_item
      name: (identifier) @name) @definition.function.extern))

(function_signature_item
  name: (identifier) @name) @definition.function

; --- items ---

(function_item
  name: (identifier) @name
  body: (block) @body) @definition.function

(struct_item
  name: (type_identifier) @name
  body: (field_declaration_list)? @body) @definition.struct

(enum_item
  name: (type_identifier) @name
  body: (enum_variant_list) @body) @definition.enum

(union_item
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.union

(trait_item
  name: (type_identifier) @name
  body: (declaration_list) @body) @definition.trait

(type_item
  name: (type_identifier) @name) @definition.type.alias

(mod_item
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.module

(const_item
  name: (identifier) @name
  (#not-eq? @name "_")) @definition.constant

(static_item
  (mutable_specifier)
  name: (identifier) @name) @definition.variable.static

(static_item
  name: (identifier) @name) @definition.constant.static

(macro_definition
  name: (identifier) @name) @definition.macro

; --- members of types ---

(field_declaration_list
  (field_declaration
    name: (field_identifier) @name) @definition.field)

(enum_variant
  name: (identifier) @name
  body: (field_declaration_list)? @body) @definition.constant.variant
