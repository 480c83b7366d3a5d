; Groovy symbols: classes, interfaces, annotation types, enums and traits
; (lang_groovy.go mends the syntax the bundled grammar does not know:
; implements clauses, constructors, enums, traits, throws clauses,
; varargs), their methods, constructors, fields and enum constants,
; top-level functions and variables of scripts, and, for Gradle and
; Jenkins files, the top-level blocks ("dependencies { ... }"), Gradle
; tasks ("task hello { ... }", "tasks.register('hello') { ... }") and
; Jenkins pipeline stages ("stage('Build') { ... }").

(class_definition
  name: (identifier) @name
  body: (closure) @body) @definition.class

(function_definition
  function: (identifier) @name
  body: (closure) @body) @definition.function

; abstract and interface methods: only directly in a class body (a
; statement "println greet()" in a method body parses the same way)
(class_definition
  body: (closure
    (function_declaration
      function: (identifier) @name) @definition.method))

(class_definition
  body: (closure
    (declaration
      name: (identifier) @name) @definition.field))

; enum constants (lang_groovy.go turns their commas into semicolons, and
; drops these in a class that is not an enum)
(class_definition
  body: (closure
    [
      (identifier) @name
      (function_call function: (identifier) @name)
    ] @definition.constant.enum_constant))

; Gradle: task hello { ... }
(source_file
  (declaration
    type: (identifier) @_t
    name: (identifier) @name) @definition.function.task
  (#eq? @_t "task"))

(source_file
  (declaration
    name: (identifier) @name) @definition.variable)

; Gradle: tasks.register('hello') { ... }
(source_file
  (function_call
    function: (dotted_identifier (identifier) @_r . (identifier) @_m .)
    args: (argument_list . (string) @name)) @definition.function.task
  (#eq? @_r "tasks")
  (#any-of? @_m "register" "create"))

; Jenkins: stage('Build') { ... }, at any depth
(function_call
  function: (identifier) @_s
  args: (argument_list . (string) @name)
  (#eq? @_s "stage")) @definition.function.stage

; top-level blocks: plugins { }, dependencies { }, pipeline { }
(source_file
  (juxt_function_call
    function: (identifier) @name
    args: (argument_list . (closure) .)) @definition.namespace.block)

; Jenkins declarative pipelines (the grammar's own node when it parses;
; lang_groovy.go names it)
(source_file
  (pipeline) @definition.namespace.block)
