; HCL symbols (Terraform, OpenTofu, Packer, Nomad, Terragrunt): every block
; at the top of the file, and nested blocks that carry a label ("dynamic
; "rule"", Nomad's group and task); the attributes of a locals block and
; the top-level attributes of a file (.tfvars, terragrunt inputs).
; lang_hcl.go names a block by its type and labels: resource "aws_s3_bucket"
; "logs" is logs in scope resource.aws_s3_bucket, qualified
; resource.aws_s3_bucket.logs; a locals entry is local.<name>, as
; Terraform code refers to it. It also picks the kind from the block type
; and drops the locals block itself and the blocks that define nothing
; (moved, import, removed).

(config_file
  (body
    (block
      .
      (identifier) @name
      (block_start) @body) @definition.class))

(body
  (block
    .
    (identifier) @name
    .
    [(string_lit) (identifier)]
    (block_start) @body) @definition.class)

(config_file
  (body
    (block
      .
      (identifier) @_type
      (body
        (attribute
          .
          (identifier) @name) @definition.variable.local))
    (#eq? @_type "locals")))

(config_file
  (body
    (attribute
      .
      (identifier) @name) @definition.variable))
