; Dockerfile symbols: build stages (a FROM and the instructions up to the
; next FROM, named by their alias, "FROM golang:1.22 AS build", or by their
; image when unnamed), and the build arguments and environment variables
; they declare (ARG, each pair of an ENV). An ARG before the first FROM is
; a global build argument. lang_dockerfile.go extends a stage over its
; instructions and names unnamed stages.

(from_instruction
  as: (image_alias) @name) @definition.module.stage

(from_instruction
  (image_spec) @name
  !as) @definition.module.stage

(arg_instruction
  name: (_) @name) @definition.variable.arg

(env_pair
  name: (_) @name) @definition.variable.env
