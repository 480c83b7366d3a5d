# treenav: see README.md.
GO ?= go
BIN ?= bin

.PHONY: build test bench agentbench pgo lint fidelity fuzz clean

build:
	$(GO) build -o $(BIN)/treenav ./cmd/treenav

# The index and the MCP server are used from many goroutines at once (a
# watcher, concurrent clients): their tests run again under the race
# detector.
test:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race ./index/... ./mcp
	# The portable literal search, as machines without AVX2 run it.
	$(GO) test -tags purego -run 'TestLiteralFinder|TestGrep' ./index

# Speed and memory on GOROOT/src and Python's stdlib (see cmd/treenav-bench);
# writes bench.json. Timings live here, never in tests.
bench:
	$(GO) run ./cmd/treenav-bench -out bench.json

# What an agent reads to answer 14 questions about GOROOT/src and Python's
# stdlib, with treenav's MCP tools and with a scripted grep and sed
# (cmd/treenav-agentbench); writes agentbench.json. Not part of make test.
agentbench: build
	$(GO) run ./cmd/treenav-agentbench -treenav $(BIN)/treenav -out agentbench.json

# Profile-guided optimization: the CPU profile of the bench's cold builds
# and warm starts, which go build, go run and go install compile the
# binaries with. Regenerate it after changing the indexer or the ranking.
pgo:
	$(GO) run ./cmd/treenav-bench -pgo cmd/treenav/default.pgo
	cp cmd/treenav/default.pgo cmd/treenav-bench/default.pgo

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

fuzz:
	$(GO) test ./parsers/code -run '^$$' -fuzz FuzzExtract -fuzztime 60s -fuzzminimizetime 2s
	$(GO) test ./parsers/code -run '^$$' -fuzz FuzzNesting -fuzztime 60s -fuzzminimizetime 2s
	$(GO) test ./index -run '^$$' -fuzz FuzzSearch -fuzztime 60s -fuzzminimizetime 2s
	$(GO) test ./cmd/treenav -run '^$$' -fuzz FuzzStdioGuard -fuzztime 60s -fuzzminimizetime 2s

clean:
	rm -rf $(BIN)
