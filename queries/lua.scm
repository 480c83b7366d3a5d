; Lua symbols: every function statement at any depth ("function f",
; "local function f", "function M.f", "function M.a.b", "function M:m"),
; and, at the top of the chunk (also in its "do ... end" blocks and the
; branches of its ifs, for functions), assignments that define something:
; tables (module and class tables, see lang_lua.go), functions ("local f =
; function", "M.f = function"), literal constants and fields of tables
; ("M.VERSION = '1.0'"), and the functions written inside a top-level table
; constructor ("local M = { f = function() end }", "return { setup =
; function() end }"). Requires, aliases ("local api = vim.api") and other
; computed values are not definitions and are left out.
;
; "function M.f" and "M.f = function" carry M as @receiver: they are
; qualified M.f and attach to the table M when the file defines it.
; "function M:m" is a method.

; --- function statements -------------------------------------------------------

(function_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(function_declaration
  name: (dot_index_expression
    table: (_) @receiver
    field: (identifier) @name)
  body: (block)? @body) @definition.function

(function_declaration
  name: (method_index_expression
    table: (_) @receiver
    method: (identifier) @name)
  body: (block)? @body) @definition.method

; --- top-level assignments --------------------------------------------------------
;
; The first name and value of an assignment are paired; "local a, b = 1, 2"
; defines a only.

; local M = {} / local Class = setmetatable({}, Base) / M = {}
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: [(table_constructor) (function_call)] @_v))) @definition.variable.table
  (#match? @_v "^(\\{|setmetatable\\s*\\()"))

(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: [(table_constructor) (function_call)] @_v)) @definition.variable.table
  (#match? @_v "^(\\{|setmetatable\\s*\\()"))

; local f = function() end / f = function() end
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (function_definition)))) @definition.function)

(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition))) @definition.function)

; M.f = function() end
(chunk
  (assignment_statement
    (variable_list
      .
      name: (dot_index_expression
        table: (_) @receiver
        field: (identifier) @name))
    (expression_list . value: (function_definition))) @definition.function)

; M["textDocument/rename"] = function() end: a string key names the
; function as a field would (a computed key, M[k], names nothing).
(chunk
  (assignment_statement
    (variable_list
      .
      name: (bracket_index_expression
        table: (_) @receiver
        field: (string content: (string_content) @name)))
    (expression_list . value: (function_definition))) @definition.function)

; The same three forms of function in a block: kept by luaFixup when the
; block is a top-level "do ... end" or a branch of a top-level if (the
; feature tests of "if jit then M.f = function ... else ... end"), and
; left out in a function or a loop.
(block
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (function_definition)))) @definition.function.block)

(block
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition))) @definition.function.block)

(block
  (assignment_statement
    (variable_list
      .
      name: (dot_index_expression
        table: (_) @receiver
        field: (identifier) @name))
    (expression_list . value: (function_definition))) @definition.function.block)

; M.sub = {}
(chunk
  (assignment_statement
    (variable_list
      .
      name: (dot_index_expression
        table: (_) @receiver
        field: (identifier) @name))
    (expression_list . value: (table_constructor))) @definition.field.table)

; local LIMIT = 10, M.VERSION = "1.0": literal values only.
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: [(string) (number) (true) (false)]))) @definition.variable)

(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: [(string) (number) (true) (false)])) @definition.variable)

(chunk
  (assignment_statement
    (variable_list
      .
      name: (dot_index_expression
        table: (_) @receiver
        field: (identifier) @name))
    (expression_list . value: [(string) (number) (true) (false)])) @definition.field)

; --- functions in top-level table constructors -------------------------------------

(chunk
  (variable_declaration
    (assignment_statement
      (expression_list
        .
        value: (table_constructor
          (field
            name: (identifier) @name
            value: (function_definition)) @definition.function)))))

(chunk
  (assignment_statement
    (expression_list
      .
      value: (table_constructor
        (field
          name: (identifier) @name
          value: (function_definition)) @definition.function))))

(chunk
  (return_statement
    (expression_list
      .
      (table_constructor
        (field
          name: (identifier) @name
          value: (function_definition)) @definition.function))))
