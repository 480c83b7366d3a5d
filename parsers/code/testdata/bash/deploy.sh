#!/usr/bin/env bash
# Deploys a Lattice gateway release to one host.
#
# Usage: deploy.sh HOST [VERSION]

set -euo pipefail

readonly LATTICE_VERSION="${2:-2.4.1}"
declare -r MAX_RETRIES=3
export LATTICE_HOME=/opt/lattice LATTICE_ENV=production
declare -x DEPLOY_USER=deploy
declare -A UPSTREAMS=([api]=10.0.0.1 [auth]=10.0.0.2)
PREFIX=${PREFIX:-/usr/local}
tmp=$(mktemp -d)
export PATH

alias lctl='lattice-ctl --config "$LATTICE_HOME/lattice.toml"'

# Prints a message to stderr.
log() {
  printf '%s\n' "$*" >&2
}

# Removes the temporary directory.
function cleanup {
  rm -rf "$tmp"
}
trap cleanup EXIT

# Copies the release and restarts the service,
# retrying up to MAX_RETRIES times.
function deploy() (
  local host=$1 attempt=0
  restart() { ssh "$host" systemctl restart lattice; }
  until restart; do
    attempt=$((attempt + 1))
    [ "$attempt" -ge "$MAX_RETRIES" ] && return 1
  done
)

if command -v lattice-ctl >/dev/null; then
  status() { lattice-ctl status; }
fi

deploy "$1"
