; C++ symbols: namespaces, classes, structs, unions, enums and their
; enumerators, functions and methods (definitions, prototypes, member
; declarations, out-of-line "A::b" definitions, operators, conversions,
; constructors and destructors), typedefs, using aliases, concepts,
; variables, data members and macros. template<...> is a wrapper
; (Language.Wrappers): a template's extent and signature start at it.
;
; As in c.scm, declarators are captured whole as @name and resolved by
; cFixup (parsers/code/lang_c.go): the name may be "A<T>::operator[]" under
; pointer and reference declarators, and "int x = 0;" in a class body even
; parses as a function_definition. Specifiers come last so that their
; fields nest under them when they share a declaration's extent.

(function_definition
  declarator: (_) @name
  body: (_)? @body) @definition.function

(declaration
  declarator: (_) @name) @definition.variable

(field_declaration
  declarator: (_) @name) @definition.field

(type_definition
  declarator: (_) @name) @definition.type.typedef

(alias_declaration
  name: (_) @name) @definition.type.using

(concept_definition
  name: (_) @name) @definition.type.concept

(enumerator
  name: (identifier) @name) @definition.constant.enumerator

(preproc_def
  name: (identifier) @name) @definition.macro

(preproc_function_def
  name: (identifier) @name) @definition.macro

(namespace_definition
  name: (_) @name
  body: (declaration_list) @body) @definition.namespace

(class_specifier
  name: (_)? @name
  body: (field_declaration_list) @body) @definition.class

(struct_specifier
  name: (_)? @name
  body: (field_declaration_list) @body) @definition.struct

(union_specifier
  name: (_)? @name
  body: (field_declaration_list) @body) @definition.union

(enum_specifier
  name: (_)? @name
  body: (enumerator_list) @body) @definition.enum
