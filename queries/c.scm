; C symbols: functions (definitions and prototypes), structs, unions,
; enums and their enumerators, typedefs, global variables, struct fields
; and macros.
;
; Declarators are captured whole as @name: the name may sit deep in a
; declarator chain ("int (*f(void))[3]"), and whether it is a function or a
; variable depends on the declarator nearest to it. cFixup in
; parsers/code/lang_c.go resolves the name and the kind, drops locals and
; include guards, and writes per-declarator signatures.
;
; Order matters: struct, union and enum specifiers come after the
; declarations that may contain them, so that when the specifier takes the
; declaration's extent ("typedef struct P {...} T;") the fields nest under
; the specifier, not under its sibling T.

(function_definition
  declarator: (_) @name
  body: (_) @body) @definition.function

(declaration
  declarator: (_) @name) @definition.variable

(field_declaration
  declarator: (_) @name) @definition.field

(type_definition
  declarator: (_) @name) @definition.type.typedef

(enumerator
  name: (identifier) @name) @definition.constant.enumerator

(preproc_def
  name: (identifier) @name) @definition.macro

(preproc_function_def
  name: (identifier) @name) @definition.macro

(struct_specifier
  name: (_)? @name
  body: (field_declaration_list) @body) @definition.struct

(union_specifier
  name: (_)? @name
  body: (field_declaration_list) @body) @definition.union

(enum_specifier
  name: (_)? @name
  body: (enumerator_list) @body) @definition.enum
