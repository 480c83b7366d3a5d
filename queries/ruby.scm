; Ruby symbols: modules and classes at any depth (a "class A::B::C" name
; is qualified A.B.C), every def (a method inside a class, module, block or
; def; a function at the top of the file), singleton methods ("def
; self.x", "def Foo.x", the defs of "class << self"), attr_reader /
; attr_writer / attr_accessor as properties, constants, classes made by
; Struct.new / Data.define / Class.new / Module.new, define_method, alias
; and alias_method, and Rake namespaces and tasks. lang_ruby.go decides
; method or function, the singleton native kind, names without ":" and
; signatures without bodies.
;
; RSpec's describe/context/it blocks are not symbols: they are calls with
; sentences for names, define nothing an agent can reference by name, and
; a spec file would list hundreds of them; their text stays in the file's
; content for search. Defs inside them are methods (helpers of the group).
;
; On equal extents the pattern written first wins, so the specific forms
; come before the catch-alls.

; --- modules and classes ---------------------------------------------------

(module
  name: [(constant) (scope_resolution)] @name) @definition.module

(class
  name: [(constant) (scope_resolution)] @name) @definition.class

; Point = Struct.new(:x, :y) do ... end, Coord = Data.define(:lat, :lng),
; Error = Class.new(StandardError), Helpers = Module.new do ... end
(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call
    receiver: (constant) @_r
    method: (identifier) @_m)
  (#eq? @_r "Struct")
  (#eq? @_m "new")) @definition.struct

(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call
    receiver: (constant) @_r
    method: (identifier) @_m)
  (#eq? @_r "Data")
  (#eq? @_m "define")) @definition.record.data

(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call
    receiver: (constant) @_r
    method: (identifier) @_m)
  (#eq? @_r "Class")
  (#eq? @_m "new")) @definition.class

(assignment
  left: [(constant) (scope_resolution)] @name
  right: (call
    receiver: (constant) @_r
    method: (identifier) @_m)
  (#eq? @_r "Module")
  (#eq? @_m "new")) @definition.module

; --- methods -----------------------------------------------------------------

; def self.build / def Foo.build: Foo is the receiver, "self" is the
; enclosing class.
(singleton_method
  object: (self)
  name: (_) @name) @definition.method.singleton

(singleton_method
  object: [(constant) (identifier)] @receiver
  name: (_) @name) @definition.method.singleton

(method
  name: (_) @name) @definition.function

; define_method(:name) { ... }
(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    .
    [(simple_symbol) @name (string . (string_content) @name .)])
  (#any-of? @_m "define_method" "define_singleton_method")) @definition.method.define_method

(alias
  name: [(identifier) (constant) (operator) (setter) (simple_symbol)] @name) @definition.method.alias

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    .
    [(simple_symbol) @name (string . (string_content) @name .)])
  (#eq? @_m "alias_method")) @definition.method.alias

; --- attributes ----------------------------------------------------------------
;
; One property per name; the names of one call share its range.

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    [(simple_symbol) @name (string . (string_content) @name .)])
  (#eq? @_m "attr_reader")) @definition.property.attr_reader

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    [(simple_symbol) @name (string . (string_content) @name .)])
  (#eq? @_m "attr_writer")) @definition.property.attr_writer

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    [(simple_symbol) @name (string . (string_content) @name .)])
  (#any-of? @_m "attr_accessor" "attr")) @definition.property.attr_accessor

; --- constants ----------------------------------------------------------------

(assignment
  left: [(constant) (scope_resolution)] @name) @definition.constant

(assignment
  left: (left_assignment_list
    [(constant) (scope_resolution)] @name)) @definition.constant

; --- Rake ------------------------------------------------------------------------
;
; namespace :db do ... end (only when its block defines tasks, so that a
; Rails routes "namespace :admin" is left alone), task :name, task name:
; deps, task "name" => deps.

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    .
    [(simple_symbol) @name (string . (string_content) @name .)])
  block: (do_block
    body: (body_statement
      (call
        !receiver
        method: (identifier) @_t)))
  (#eq? @_m "namespace")
  (#any-of? @_t "task" "multitask" "namespace" "desc" "file" "directory" "rule")) @definition.namespace.rake

(call
  !receiver
  method: (identifier) @_m
  arguments: (argument_list
    .
    [
      (simple_symbol) @name
      (string . (string_content) @name .)
      (pair key: [(hash_key_symbol) (simple_symbol)] @name)
      (pair key: (string . (string_content) @name .))
    ])
  (#any-of? @_m "task" "multitask")) @definition.function.task
