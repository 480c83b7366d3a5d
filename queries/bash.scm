; Shell symbols (bash, POSIX sh, dash, ksh): functions in every form
; ("f() { }", "function f { }", "function f() ( )") at any depth, nested
; by where they are defined; at the top of the script, the variables it
; declares for others to read: "export X=", "readonly X=" and "declare
; -r/-x X=" (readonly ones are constants), ALL_CAPS plain assignments
; (configuration: PREFIX=${PREFIX:-/usr/local}); and aliases. Locals and
; lowercase assignments are working state, not definitions.

(function_definition
  name: (word) @name
  body: (_) @body) @definition.function

; --- top-level variables --------------------------------------------------------

; readonly X=1, declare -r X=1, typeset -r X=1
(program
  (declaration_command
    .
    "readonly"
    (variable_assignment
      name: (variable_name) @name)) @definition.constant.readonly)

(program
  (declaration_command
    .
    ["declare" "typeset"]
    (word) @_flag
    (variable_assignment
      name: (variable_name) @name)) @definition.constant.readonly
  (#match? @_flag "^-[a-zA-Z]*r"))

; export X=1, declare -x X=1
(program
  (declaration_command
    .
    "export"
    (variable_assignment
      name: (variable_name) @name)) @definition.variable.export)

(program
  (declaration_command
    .
    ["declare" "typeset"]
    (word) @_flag
    (variable_assignment
      name: (variable_name) @name)) @definition.variable.export
  (#match? @_flag "^-[a-zA-Z]*x"))

; declare -a LIST=(...), declare -A MAP, declare X=1
(program
  (declaration_command
    .
    ["declare" "typeset"]
    (variable_assignment
      name: (variable_name) @name)) @definition.variable)

; PREFIX=/usr/local
(program
  (variable_assignment
    name: (variable_name) @name) @definition.variable
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

; alias ll='ls -l' (one symbol per name=value argument)
(command
  name: (command_name (word) @_c)
  argument: [
    (word) @name
    (concatenation . (word) @name)
  ]
  (#eq? @_c "alias")
  (#match? @name "^[^-=][^=]*=")) @definition.macro.alias
