; Kotlin symbols: the package (it holds the whole file, so names are
; fully qualified: dev.lattice.Router.addRoute), classes of every flavour
; (the kind and native word come from the keywords, see lang_kotlin.go:
; interface, enum, data, sealed, annotation, value, fun interface),
; objects and companion objects, functions at any depth, properties of
; files and classes (not locals), the val/var parameters of primary
; constructors, secondary constructors, enum entries and typealiases.
;
; Top-level extension functions and properties ("fun String.isRoot()")
; carry their receiver type: they are named like a member of it
; (String.isRoot) and, when the type is declared in the same file, become
; its children, as Go methods do. Extensions declared inside a class keep
; the class as their parent (their receiver is only in the signature).
;
; The grammar has no field names: patterns go by node types and order.

(package_header
  (identifier) @name) @definition.namespace.package

; --- types ---------------------------------------------------------------------

(class_declaration
  (type_identifier) @name
  [(class_body) (enum_class_body)]? @body) @definition.class

(object_declaration
  (type_identifier) @name
  (class_body)? @body) @definition.class.object

(companion_object
  (type_identifier)? @name
  (class_body)? @body) @definition.class.companion

(type_alias
  (type_identifier) @name) @definition.type.alias

; --- callables -----------------------------------------------------------------

(source_file
  (function_declaration
    [(user_type) (nullable_type) (parenthesized_type) (function_type)] @receiver
    .
    (simple_identifier) @name
    (function_body)? @body) @definition.method.extension)

(class_body
  (function_declaration
    [(user_type) (nullable_type) (parenthesized_type) (function_type)]
    .
    (simple_identifier) @name
    (function_body)? @body) @definition.method.extension)

; Members of enum entry bodies and object literals are methods too.
(class_body
  (function_declaration
    (simple_identifier) @name
    (function_body)? @body) @definition.method)

(function_declaration
  (simple_identifier) @name
  (function_body)? @body) @definition.function

(secondary_constructor) @definition.constructor

; --- properties ------------------------------------------------------------------

(source_file
  (property_declaration
    [(user_type) (nullable_type) (parenthesized_type) (function_type)] @receiver
    .
    (variable_declaration
      (simple_identifier) @name)) @definition.property.extension)

(class_body
  (property_declaration
    [(user_type) (nullable_type) (parenthesized_type) (function_type)]
    .
    (variable_declaration
      (simple_identifier) @name)) @definition.property.extension)

(source_file
  (property_declaration
    (variable_declaration
      (simple_identifier) @name)) @definition.property)

[
  (class_body
    (property_declaration
      (variable_declaration
        (simple_identifier) @name)) @definition.property)
  (enum_class_body
    (property_declaration
      (variable_declaration
        (simple_identifier) @name)) @definition.property)
]

; class Route(val path: String): a val/var parameter is a property. Its
; name is the identifier right after val/var: a default value can be an
; identifier too ("val width: Int = SIZE_ORIGINAL").
(primary_constructor
  (class_parameter
    (binding_pattern_kind)
    .
    (simple_identifier) @name) @definition.property.parameter)

(enum_entry
  (simple_identifier) @name
  (class_body)? @body) @definition.constant.enum_entry
