#!/bin/sh
# compare.sh REV_A REV_B [WORKDIR]: are two revisions of treenav the same to
# an agent? It builds cmd/treenav at both revisions (git archive, so neither
# checkout is touched), indexes $(go env GOROOT)/src with each, runs the
# calls of queries.txt (search, symbols, tree, outline --format json, and a
# few node, navigate and list calls) with --json, and compares stdout,
# stderr and the exit status byte for byte. It also checks that the
# snapshot each revision wrote loads in the other without a file parsed
# again, with the same answers, and compares the search-quality
# suite's printed results (go test -v -run TestSearchQuality, with times and
# the test file's name and line taken out).
#
# A REV may also be a directory holding a checkout (the working tree: .).
# Run from anywhere in the repository; exits 1 when anything differs,
# after saying what. Uses only go, git and the project's own
# commands.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 REV_A REV_B [WORKDIR]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git rev-parse --show-toplevel)
work=${3:-$(mktemp -d)}
mkdir -p "$work"
corpus=$(go env GOROOT)/src
status=0

# checkout REV DIR: the sources of REV in DIR.
checkout() {
	if [ -d "$1" ]; then
		(cd "$1" && pwd)
		return
	fi
	rm -rf "$2" && mkdir -p "$2"
	git -C "$repo" archive "$1" | tar -x -C "$2"
	echo "$2"
}

# run BIN IDX NAME: every call of queries.txt, into $work/NAME.
run() {
	bin=$1 idx=$2 out=$work/$3
	rm -rf "$out" && mkdir -p "$out"
	n=0
	grep -v '^#' "$here/queries.txt" | grep -v '^$' | while IFS= read -r line; do
		n=$((n + 1))
		cmd=${line%%	*}
		rest=${line#"$cmd"}
		set -f
		old=$IFS
		IFS='	'
		# shellcheck disable=SC2086
		set -- $rest
		IFS=$old
		set +f
		f=$(printf '%s/%02d-%s' "$out" "$n" "$cmd")
		if [ "$cmd" = outline ]; then
			(cd "$corpus" && "$bin" outline --root "$corpus" --format json "$@") >"$f.out" 2>"$f.err" && echo 0 >"$f.rc" || echo $? >"$f.rc"
		else
			"$bin" "$cmd" --root "$corpus" --index-dir "$idx" --quiet --json "$@" >"$f.out" 2>"$f.err" && echo 0 >"$f.rc" || echo $? >"$f.rc"
		fi
	done
}

# quality SRC NAME: the search-quality suite's printed results.
quality() {
	pkg=$(cd "$1" && grep -rl --include='*_test.go' '^func TestSearchQuality(' . | head -1 | xargs dirname)
	(cd "$1" && go test -count=1 -run '^TestSearchQuality$' -v "$pkg" 2>&1 || true) |
		sed -E -e 's/\([0-9.]+m?s\)//g' -e 's/^(ok|FAIL)([[:space:]]+[^[:space:]]+).*/\1/' \
			-e 's/^([[:space:]]*)[a-z_]+_test\.go:[0-9]+: /\1/' >"$work/$2.quality"
}

for side in a b; do
	if [ $side = a ]; then rev=$1; else rev=$2; fi
	src=$(checkout "$rev" "$work/src-$side")
	echo "== $side: $rev: build" >&2
	(cd "$src" && go build -o "$work/treenav-$side" ./cmd/treenav)
	rm -rf "$work/idx-$side"
	"$work/treenav-$side" index --root "$corpus" --index-dir "$work/idx-$side" --quiet >/dev/null
	echo "== $side: queries" >&2
	run "$work/treenav-$side" "$work/idx-$side" "out-$side"
	echo "== $side: quality suite" >&2
	quality "$src" "$side"
done

if diff -r "$work/out-a" "$work/out-b"; then
	echo "queries: the same ($(ls "$work/out-a" | grep -c '\.out$') calls)"
else
	echo "queries: DIFFERENT"
	status=1
fi
if diff "$work/a.quality" "$work/b.quality"; then
	echo "quality suite: the same ($(wc -l <"$work/a.quality") lines)"
else
	echo "quality suite: DIFFERENT"
	status=1
fi

# The snapshot each wrote, loaded by the other: nothing parsed again, the
# same answers. (Two builds of one revision need not write the same bytes:
# workers share the files out as they come.)
for pair in a:b b:a; do
	from=${pair%%:*} to=${pair#*:}
	rm -rf "$work/idx-$from$to" && cp -r "$work/idx-$from" "$work/idx-$from$to"
	parsed=$("$work/treenav-$to" index --root "$corpus" --index-dir "$work/idx-$from$to" --quiet --json | tr -d ' \n' | sed -E 's/.*"parsed":([0-9]+).*/\1/')
	run "$work/treenav-$to" "$work/idx-$from$to" "out-$from$to"
	if [ "$parsed" = 0 ] && diff -r "$work/out-a" "$work/out-$from$to" >/dev/null; then
		echo "snapshot of $from loaded by $to: 0 files parsed again, the same answers"
	else
		echo "snapshot of $from loaded by $to: $parsed files parsed again, or other answers"
		status=1
	fi
done
exit $status
