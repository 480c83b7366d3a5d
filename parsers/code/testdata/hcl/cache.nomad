// The cache job.
job "cache" {
  datacenters = ["dc1"]

  group "redis" {
    count = 2

    network {
      port "db" {
        to = 6379
      }
    }

    task "server" {
      driver = "docker"
      config {
        image = "redis:7"
      }
    }
  }
}
