first() {
  echo ok
}

second() {
  if [ -z "$1" ]; then
    echo missing
  # no fi
}

third() { :; }
