region = "us-east-1"
# Instance count.
instance_count = 3
tags = {
  team = "infra"
}
