; Python symbols: every class and def, at any depth (nested in functions,
; classes, if/try/with blocks), as CPython's ast lists them; assignments
; directly in the module (variables, constants) and directly in a class body
; (fields, constants). A def directly inside a class becomes a method (the
; extractor's rule); decorators give their line to the definition through
; the decorated_definition wrapper (lang_python.go). Assignments in
; module-level if/try/with blocks and the attributes __init__ sets on self
; are found by a walk of the tree instead (pythonExpand,
; lang_python_data.go): as patterns they cost a quarter more time.
;
; Several patterns may capture the same name: on equal extents the one
; written first keeps its kind, the others only add what it lacks (@doc,
; @body). So specific forms (decorated methods, async) come first and the
; plain catch-alls last.

; --- callables -------------------------------------------------------------

; Methods whose decorator changes what they are. A property's getter is
; the property; its setter and deleter (@NAME.setter) become its parts,
; NAME.setter and NAME.deleter (pythonFixup, pythonAdopt). The decorator
; keeps the native word: method/staticmethod, method/classmethod, ...
(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.property))
  (#match? @_d "^@\\s*(builtins\\.)?property\\s*$"))

(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.property.cached_property))
  (#match? @_d "^@\\s*(functools\\.)?cached_property\\s*$"))

(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.function.setter))
  (#match? @_d "^@\\s*([A-Za-z_][A-Za-z_0-9]*\\.)+(setter|getter)\\s*$"))

(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.function.deleter))
  (#match? @_d "^@\\s*([A-Za-z_][A-Za-z_0-9]*\\.)+deleter\\s*$"))

(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.function.staticmethod))
  (#match? @_d "^@\\s*staticmethod\\s*$"))

(class_definition
  body: (block
    (decorated_definition
      (decorator) @_d
      definition: (function_definition
        name: (identifier) @name
        body: (block) @body) @definition.function.classmethod))
  (#match? @_d "^@\\s*classmethod\\s*$"))

; typing.overload stubs: several defs of one name, the last one real
; (pythonFixup marks the stubs as declarations, whichever pattern won).
(decorated_definition
  (decorator) @_d
  definition: (function_definition
    name: (identifier) @name
    body: (block) @body) @definition.function.overload
  (#match? @_d "^@\\s*(typing\\.)?overload\\s*$"))

(function_definition
  "async"
  name: (identifier) @name
  body: (block) @body) @definition.function.async

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; Docstrings: the first statement of the body, when it is a string. A
; separate pattern so that it adds its @doc to whichever pattern above won.
(function_definition
  name: (identifier) @name
  body: (block
    .
    (expression_statement
      .
      (string) @doc
      .))) @definition.function

; --- types -------------------------------------------------------------------

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(class_definition
  name: (identifier) @name
  body: (block
    .
    (expression_statement
      .
      (string) @doc
      .))) @definition.class

; Python 3.12 "type Alias[T] = ..."
(type_alias_statement
  .
  (type
    [
      (identifier) @name
      (generic_type . (identifier) @name)
    ])) @definition.type.alias

;  Typing declarations written as assignments: "X: TypeAlias = ..." and
; "X = NewType(...)" define types; TypeVar and friends stay variables but
; keep the native word.
([
  (module (expression_statement
    (assignment
      left: (identifier) @name
      type: (type) @_t) @definition.type.alias))
  (class_definition body: (block (expression_statement
    (assignment
      left: (identifier) @name
      type: (type) @_t) @definition.type.alias)))
]
 (#match? @_t "^[\"']?(typing\\.)?TypeAlias[\"']?$"))

(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (call function: (_) @_f)) @definition.type.newtype)
  (#match? @_f "^(typing\\.)?NewType$"))

(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (call function: (_) @_f)) @definition.variable.typevar)
  (#match? @_f "^(typing\\.)?(TypeVar|ParamSpec|TypeVarTuple)$"))

; --- module-level assignments ---------------------------------------------
;
; NAME = ..., NAME: T = ..., NAME: T, chained a = b = ..., and the names of
; a plain tuple target (x, y = ...). ALL_CAPS names and names annotated
; Final are constants; the rest are variables.

(module
  (expression_statement
    (assignment
      left: (identifier) @name
      type: (type) @_t) @definition.constant)
  (#match? @_t "^[\"']?(typing\\.)?Final\\b"))

(module
  (expression_statement
    [
      (assignment left: (identifier) @name)
      (assignment left: (pattern_list (identifier) @name))
      (assignment left: (tuple_pattern (identifier) @name))
      (assignment right: (assignment left: (identifier) @name))
      (assignment right: (assignment right: (assignment left: (identifier) @name)))
      (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name))))
      (assignment right: (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name)))))
    ] @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

(module
  (expression_statement
    [
      (assignment left: (identifier) @name)
      (assignment left: (pattern_list (identifier) @name))
      (assignment left: (tuple_pattern (identifier) @name))
      (assignment right: (assignment left: (identifier) @name))
      (assignment right: (assignment right: (assignment left: (identifier) @name)))
      (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name))))
      (assignment right: (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name)))))
    ] @definition.variable))

; --- class attributes ------------------------------------------------------

; "name = property(fget, fset)": a property, like a decorated getter.
(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name
        right: (call function: (_) @_f)) @definition.property))
  (#match? @_f "^(builtins\\.)?property$"))

;
; Assignments directly in a class body: dataclass and model fields, enum
; members, class constants. Same naming rule as the module's.

(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name
        type: (type) @_t) @definition.constant))
  (#match? @_t "^[\"']?(typing\\.)?(Final|ClassVar\\[\\s*(typing\\.)?Final)\\b"))

(class_definition
  body: (block
    (expression_statement
      [
        (assignment left: (identifier) @name)
        (assignment left: (pattern_list (identifier) @name))
      (assignment left: (tuple_pattern (identifier) @name))
        (assignment right: (assignment left: (identifier) @name))
        (assignment right: (assignment right: (assignment left: (identifier) @name)))
      (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name))))
      (assignment right: (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name)))))
      ] @definition.constant))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

(class_definition
  body: (block
    (expression_statement
      [
        (assignment left: (identifier) @name)
        (assignment left: (pattern_list (identifier) @name))
      (assignment left: (tuple_pattern (identifier) @name))
        (assignment right: (assignment left: (identifier) @name))
        (assignment right: (assignment right: (assignment left: (identifier) @name)))
      (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name))))
      (assignment right: (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name)))))
      ] @definition.field)))

; --- attribute docstrings ----------------------------------------------------
;
; A string literal right after an assignment in a module or a class body
; documents it (PEP 257, Sphinx); these patterns add it as the @doc of what
; the patterns above found (pythonFixup extends the range). Assignments in
; conditional module-level blocks and attributes assigned on self in
; __init__ are found by pythonExpand (lang_python_data.go), which reads
; their docs.

(module
  (expression_statement [
    (assignment left: (identifier) @name)
    (assignment left: (pattern_list (identifier) @name))
  ] @definition.variable)
  .
  (expression_statement . (string) @doc .))

(class_definition
  body: (block
    (expression_statement [
      (assignment left: (identifier) @name)
      (assignment left: (pattern_list (identifier) @name))
    ] @definition.field)
    .
    (expression_statement . (string) @doc .)))
