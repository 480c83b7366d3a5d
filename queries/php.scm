; PHP symbols: namespaces (braced, or the statement form, which
; lang_php.go extends over the declarations after it up to the next
; namespace), classes, interfaces, traits and enums at any depth, their
; methods (__construct is the constructor), properties (also those a
; constructor promotes: "public function __construct(private Clock $clock)"
; declares Class.clock), class and enum constants, enum cases, functions at
; any depth, top-level const and define() constants. Names of properties
; have no "$". Signatures leave attributes (#[...]) and bodies out.

; --- namespaces and types ----------------------------------------------------

(namespace_definition
  name: (namespace_name) @name
  body: (compound_statement)? @body) @definition.namespace

(class_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.class

(interface_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.interface

(trait_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.trait

(enum_declaration
  name: (name) @name
  body: (enum_declaration_list) @body) @definition.enum

; --- callables -----------------------------------------------------------------

(method_declaration
  name: (name) @name
  body: (compound_statement)? @body) @definition.method

(function_definition
  name: (name) @name
  body: (compound_statement) @body) @definition.function

; --- properties and constants --------------------------------------------------

(property_declaration
  (property_element
    (variable_name (name) @name))) @definition.property

; Constructor promotion declares a property of the class around it.
(_
  name: (name) @receiver
  body: (declaration_list
    (method_declaration
      name: (name) @_ctor
      parameters: (formal_parameters
        (property_promotion_parameter
          name: (variable_name (name) @name)) @definition.property.promoted)))
  (#eq? @_ctor "__construct"))

; The name is the element's first child: a value can be a bare constant
; too ("const JPEG = IMAGETYPE_JPEG").
(const_declaration
  (const_element
    .
    (name) @name)) @definition.constant

(enum_case
  name: (name) @name) @definition.constant.case

; define('NAME', value), also "\define(...)" and "defined('X') ||
; define('X', 1)"; the statement around a lone call carries its doc.
(function_call_expression
  function: [(name) (qualified_name)] @_f
  arguments: (arguments
    .
    (argument
      [
        (string . (string_content) @name .)
        (encapsed_string . (string_content) @name .)
      ]))
  (#match? @_f "^\\\\?define$")) @definition.constant.define
