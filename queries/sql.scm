; SQL symbols, one per CREATE statement: tables (their columns are
; fields), views and materialized views, indexes, functions and procedures
; (lang_sql.go reads PROCEDURE, which the grammar does not know, as a
; FUNCTION), triggers, types, sequences, schemas and databases. Names
; lose their quotes; a schema-qualified name (public.users) is the name in
; the scope of its schema. INSERT, ALTER, GRANT and the other statements
; define nothing.

(create_table
  (object_reference name: (identifier) @name)
  (column_definitions)? @body) @definition.struct.table

(column_definitions
  (column_definition
    name: [(identifier) (literal)] @name) @definition.field.column)

(create_view
  (object_reference name: (identifier) @name)) @definition.struct.view

(create_materialized_view
  (object_reference name: (identifier) @name)) @definition.struct.materialized_view

(create_index
  column: (identifier) @name) @definition.property.index

(create_function
  (object_reference name: (identifier) @name)) @definition.function

; CREATE PROCEDURE without RETURNS, which the grammar rejects: the error
; still starts with the keywords and the name.
(ERROR
  .
  (keyword_create)
  (keyword_function)
  .
  (object_reference name: (identifier) @name)) @definition.function

(create_trigger
  (keyword_trigger)
  .
  (object_reference name: (identifier) @name)) @definition.function.trigger

(create_type
  (object_reference name: (identifier) @name)) @definition.type

(create_sequence
  (object_reference name: (identifier) @name)) @definition.variable.sequence

(create_schema
  (identifier) @name) @definition.namespace.schema

(create_database
  (identifier) @name) @definition.namespace.database
