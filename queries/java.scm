; Java symbols, as javac's tree lists them: every class, interface, enum,
; record and annotation type at any depth (members, local classes in method
; bodies), methods and constructors (also those of anonymous class bodies,
; which nest under the method or field that creates them), fields, enum
; constants and record components. The extent starts at the first
; annotation or modifier; the Javadoc or comment block above is the doc.
; Signatures leave annotations out (lang_java.go).

; --- types -------------------------------------------------------------------

(class_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (identifier) @name
  body: (interface_body) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(record_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.record

(annotation_type_declaration
  name: (identifier) @name
  body: (annotation_type_body) @body) @definition.interface.annotation

; --- callables -----------------------------------------------------------------

(method_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  body: (constructor_body) @body) @definition.constructor

; record Point(int x, int y) { Point { ... } }
(compact_constructor_declaration
  name: (identifier) @name
  body: (block) @body) @definition.constructor.compact

; String value() default "";
(annotation_type_element_declaration
  name: (identifier) @name) @definition.method.element

; --- fields --------------------------------------------------------------------
;
; Fields of named types (not of anonymous class bodies, which javac does
; not list either). A static final field is a constant, and so is every
; field of an interface or annotation type (implicitly static final).
; Several declarators in one declaration ("int a, b;") are siblings with
; the declaration's range.

([
  (class_declaration body: (class_body
    (field_declaration
      (modifiers) @_m
      declarator: (variable_declarator name: (identifier) @name)) @definition.constant))
  (record_declaration body: (class_body
    (field_declaration
      (modifiers) @_m
      declarator: (variable_declarator name: (identifier) @name)) @definition.constant))
  (enum_declaration body: (enum_body (enum_body_declarations
    (field_declaration
      (modifiers) @_m
      declarator: (variable_declarator name: (identifier) @name)) @definition.constant)))
 ]
 (#match? @_m "(^|\\s)static(\\s|$)")
 (#match? @_m "(^|\\s)final(\\s|$)"))

[
  (class_declaration body: (class_body
    (field_declaration
      declarator: (variable_declarator name: (identifier) @name)) @definition.field))
  (record_declaration body: (class_body
    (field_declaration
      declarator: (variable_declarator name: (identifier) @name)) @definition.field))
  (enum_declaration body: (enum_body (enum_body_declarations
    (field_declaration
      declarator: (variable_declarator name: (identifier) @name)) @definition.field)))
]

[
  (interface_declaration body: (interface_body
    (constant_declaration
      declarator: (variable_declarator name: (identifier) @name)) @definition.constant))
  (annotation_type_declaration body: (annotation_type_body
    (constant_declaration
      declarator: (variable_declarator name: (identifier) @name)) @definition.constant))
]

; Record components are the record's fields.
(record_declaration
  parameters: (formal_parameters
    [
      (formal_parameter name: (identifier) @name)
      (spread_parameter (variable_declarator name: (identifier) @name))
    ] @definition.field.component))

(enum_constant
  name: (identifier) @name
  body: (class_body)? @body) @definition.constant.enum_constant

; module-info.java: "module com.example.app { ... }"
(module_declaration
  name: (_) @name
  body: (module_body) @body) @definition.module
