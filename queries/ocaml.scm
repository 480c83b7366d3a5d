; OCaml symbols (.ml, and .mli through lang_ocaml.go's rewrite of
; top-level "val"): let bindings at the top of a structure (a function when
; it takes parameters or is a function, a variable otherwise; bindings in
; expressions are left out), externals, type definitions with their
; variants and record fields, exceptions, modules, functors and module
; types, classes and class types with their methods and instance
; variables, and "val" specifications in signatures. Operators defined
; with "let ( +. ) a b" are named by their parenthesized operator.

(compilation_unit
  (value_definition
    (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: (_)? @body) @definition.function))

(structure
  (value_definition
    (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: (_)? @body) @definition.function))

(external
  [(value_name) (parenthesized_operator)] @name) @definition.function.external

(value_specification
  [(value_name) (parenthesized_operator)] @name) @definition.function.val

(type_binding
  name: (type_constructor) @name) @definition.type

(variant_declaration
  (constructor_declaration
    (constructor_name) @name) @definition.constant.variant)

(record_declaration
  (field_declaration
    (field_name) @name) @definition.field)

(exception_definition
  (constructor_declaration
    (constructor_name) @name)) @definition.type.exception

(module_binding
  name: (module_name) @name) @definition.module

(module_type_definition
  name: (module_type_name) @name) @definition.module.module_type

(class_binding
  name: (class_name) @name) @definition.class

(class_type_binding
  name: (class_type_name) @name) @definition.interface.class_type

(method_definition
  name: (method_name) @name) @definition.method

(method_specification
  (method_name) @name) @definition.method

(instance_variable_definition
  name: (instance_variable_name) @name) @definition.field.val

(instance_variable_specification
  (instance_variable_name) @name) @definition.field.val
