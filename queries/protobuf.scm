; Protocol Buffers symbols (proto3 grammar; lang_protobuf.go mends proto2
; and editions files so that they parse): the package (a namespace, which
; does not qualify the names below it: messages are Outer.Inner, rpcs
; Service.Method, as protoc's descriptors list them without the package),
; messages and their fields, map fields, oneofs (a union holding its
; fields), nested messages and enums, enum values, services and their rpcs.
; An "extend" block is not a symbol: its fields are extensions of the
; extended message, kept where the block is (native kind "extension").

(package
  (full_ident) @name) @definition.namespace.package

(message
  (message_name (identifier) @name)
  (message_body) @body) @definition.struct.message

(message_body
  (field
    (identifier) @name) @definition.field)

(message_body
  (map_field
    (identifier) @name) @definition.field.map)

(oneof
  .
  (identifier) @name) @definition.union.oneof

(oneof_field
  (identifier) @name) @definition.field

(enum
  (enum_name (identifier) @name)
  (enum_body) @body) @definition.enum

(enum_field
  .
  (identifier) @name) @definition.constant.enum_value

(service
  (service_name (identifier) @name)) @definition.interface.service

(rpc
  (rpc_name (identifier) @name)) @definition.method.rpc
