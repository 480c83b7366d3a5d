# Provider config.
terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source = "hashicorp/aws"
    }
  }
}

provider "aws" {
  region = var.region
}

# The region.
variable "region" {
  type    = string
  default = "eu-west-1"
}

locals {
  name = "logs"
  tags = {
    env = "prod"
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = local.name
  lifecycle_rule {
    enabled = true
  }
  dynamic "rule" {
    for_each = var.rules
    content {
      id = rule.value
    }
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

module "vpc" {
  source = "./vpc"
}

moved {
  from = aws_s3_bucket.old
  to   = aws_s3_bucket.logs
}

variable "zones" {
  description = <<-EOT
    Availability zones
    to spread over.
  EOT
  type        = list(string)
}

output "url" {
  description = "The bucket's domain name."
  value = aws_s3_bucket.logs.bucket_domain_name
}
