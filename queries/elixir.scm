; Elixir symbols: modules (defmodule, nested), protocols (defprotocol, an
; interface) and their implementations (defimpl), functions (def, defp,
; defdelegate; the native kind says which), macros and guards (defmacro,
; defmacrop, defguard, defguardp), structs (defstruct, defexception, with
; their fields), types (@type, @typep, @opaque), callbacks (@callback,
; @macrocallback) and module attributes set in a module's body
; (@default_ttl 60; not the ones Elixir reads itself, like @doc or
; @behaviour).
;
; lang_elixir.go merges the clauses of a function (consecutive defs of one
; name and arity) into one symbol, extends a definition over the @doc,
; @spec and @impl above it, takes @doc and @moduledoc as docs, and names
; modules by their last alias segment in the scope of the others
; (defmodule Acme.Cache is Cache in scope Acme).
;
; Calls made in quote blocks and ExUnit's test/describe are not symbols.

(call
  target: (identifier) @_kw
  (arguments
    .
    (alias) @name)
  (do_block)? @body
  (#eq? @_kw "defmodule")) @definition.module

(call
  target: (identifier) @_kw
  (arguments
    .
    (alias) @name)
  (do_block)? @body
  (#eq? @_kw "defprotocol")) @definition.interface.defprotocol

(call
  target: (identifier) @_kw
  (arguments
    .
    (alias) @name)
  (do_block)? @body
  (#eq? @_kw "defimpl")) @definition.module.defimpl

; def f(a), def f, def f(a) when a > 0, defp ..., defdelegate f(a), to: M
(call
  target: (identifier) @_kw
  (arguments
    .
    [
      (call target: (identifier) @name)
      (identifier) @name
      (binary_operator
        left: [
          (call target: (identifier) @name)
          (identifier) @name
        ]
        operator: "when")
    ])
  (do_block)? @body
  (#any-of? @_kw "def" "defp" "defdelegate")) @definition.function

(call
  target: (identifier) @_kw
  (arguments
    .
    [
      (call target: (identifier) @name)
      (identifier) @name
      (binary_operator
        left: [
          (call target: (identifier) @name)
          (identifier) @name
        ]
        operator: "when")
    ])
  (do_block)? @body
  (#any-of? @_kw "defmacro" "defmacrop" "defguard" "defguardp")) @definition.macro

; defstruct [:name, ttl: 60], defstruct name: nil, defexception [:message]
(call
  target: (identifier) @_kw @name
  (#any-of? @_kw "defstruct" "defexception")) @definition.struct

(call
  target: (identifier) @_kw
  (arguments
    [
      (list (atom) @name @definition.field)
      (list (keywords (pair key: (keyword) @name) @definition.field))
      (keywords (pair key: (keyword) @name) @definition.field)
    ])
  (#any-of? @_kw "defstruct" "defexception"))

; @type t :: ..., @typep x(a) :: ..., @opaque t
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_kw
    (arguments
      .
      [
        (binary_operator
          left: [
            (call target: (identifier) @name)
            (identifier) @name
          ]
          operator: "::")
        (call target: (identifier) @name)
        (identifier) @name
      ]))
  (#any-of? @_kw "type" "typep" "opaque")) @definition.type

; @callback init(term) :: {:ok, term}
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_kw
    (arguments
      .
      [
        (binary_operator
          left: [
            (call target: (identifier) @name)
            (identifier) @name
            (binary_operator
              left: (call target: (identifier) @name))
          ])
        (call target: (identifier) @name)
      ]))
  (#any-of? @_kw "callback" "macrocallback")) @definition.function.callback

; @default_ttl 60, in a module's body (lang_elixir.go drops the attributes
; Elixir reads itself)
(do_block
  (unary_operator
    operator: "@"
    operand: (call
      target: (identifier) @name
      (arguments))) @definition.constant.attribute)
