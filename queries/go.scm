; Go symbols: package-level declarations, as go/ast lists them. Methods
; carry their receiver type (@receiver) and attach to it. Types declared
; inside function bodies are left out: they are local, like variables.

; The package clause names the module code refers to the file's symbols by
; (json.Marshal): a directory may say otherwise (encoding/json/v2 is
; package json, a module's root directory is named by its clone).
(package_clause (package_identifier) @module)

(function_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @receiver
        (pointer_type (type_identifier) @receiver)
        (generic_type type: (type_identifier) @receiver)
        (pointer_type (generic_type type: (type_identifier) @receiver))
      ]))
  name: (field_identifier) @name
  body: (block)? @body) @definition.method

(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name
      type: (struct_type (field_declaration_list) @body)) @definition.struct))

(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name
      type: (interface_type "{" @body)) @definition.interface))

; Any other type spec. Equal-range duplicates keep the earlier pattern, so
; structs and interfaces above win.
(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name) @definition.type))

(source_file
  (type_declaration
    (type_alias
      name: (type_identifier) @name) @definition.type.alias))

; Struct fields and interface methods of package-level types.
(source_file
  (type_declaration
    (type_spec
      type: (struct_type
        (field_declaration_list
          (field_declaration
            name: (field_identifier) @name) @definition.field)))))

(source_file
  (type_declaration
    (type_spec
      type: (interface_type
        (method_elem
          name: (field_identifier) @name) @definition.method))))

(source_file
  (const_declaration
    (const_spec
      name: (identifier) @name
      (#not-eq? @name "_")) @definition.constant))

(source_file
  (var_declaration
    (var_spec
      name: (identifier) @name
      (#not-eq? @name "_")) @definition.variable))

(source_file
  (var_declaration
    (var_spec_list
      (var_spec
        name: (identifier) @name
        (#not-eq? @name "_")) @definition.variable)))
