; Rust symbols: every item, wherever it is (syn and rustc see items inside
; function bodies too, and the bodies of item-position macros hold items),
; plus struct fields and enum variants as children.
; `impl` blocks are not symbols: their functions, consts and types carry the
; implemented type (@receiver) and attach to it, as Go methods do. Outer doc
; comments, attributes interleaved with them, inner module docs, receivers
; of non-path types and signature trimming are done by rustFixup in
; parsers/code/lang_rust.go.

; --- macro bodies ---
; Item-position macro invocations (cfg_if!, libc's s!, tokio's cfg_rt!,
; syn's ast_struct!, lazy_static!, bitflags!...) mostly wrap items; their
; bodies are parsed again as Rust and what they define is kept. Macros in
; expression or statement position (vec!, select!, quote!) are left alone,
; and so are bodies without an item keyword (winapi's DEFINE_GUID!{...}):
; a parse has a fixed cost.

(source_file
  (macro_invocation
    (token_tree) @reparse
    (#match? @reparse "\\b(fn|struct|enum|union|trait|impl|mod|type|const|static)\\b")))

(declaration_list
  (macro_invocation
    (token_tree) @reparse
    (#match? @reparse "\\b(fn|struct|enum|union|trait|impl|mod|type|const|static)\\b")))

; cfg_*! macros wrap items by convention wherever they are (tokio's
; cfg_rt! in a cfg_if! branch, which is a block); quote! and friends in
; blocks build code that is not defined here. (A pattern rooted at the
; macro, not at the block: a (block ...) root costs a query state per
; enclosing block, quadratic on deeply nested blocks.)
(macro_invocation
  macro: (identifier) @_macro
  (token_tree) @reparse
  (#match? @_macro "^cfg_")
  (#match? @reparse "\\b(fn|struct|enum|union|trait|impl|mod|type|const|static)\\b"))

; Other macros whose body starts with an item (pin_project! { struct S
; {...} }, thread_local!(static ...)) wrap items too, wherever they are: a
; statement of a function body included. Macros that build code
; (quote!, parse_quote!) are left alone.
(macro_invocation
  macro: (identifier) @_macro
  (token_tree) @reparse
  (#not-match? @_macro "^(cfg_|quote|parse_quote)")
  (#match? @reparse "^[\\[({]\\s*(#\\[[^\\]]*\\]\\s*|//[^\\n]*\\s*)*(pub(\\([^)]*\\))?\\s+)?(struct|enum|union|trait|impl|mod|type|const|static|fn)\\b"))

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
