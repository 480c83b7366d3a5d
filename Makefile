# treenav: see README.md.
GO ?= go
BIN ?= bin

.PHONY: build test bench lint fidelity fuzz clean

build:
	$(GO) build -o $(BIN)/treenav ./cmd/treenav

test:
	$(GO) vet ./...
	$(GO) test ./...

# Speed and memory on GOROOT/src and Python's stdlib (see cmd/treenav-bench);
# writes bench.json. Timings live here, never in tests.
bench:
	$(GO) run ./cmd/treenav-bench -out bench.json

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

fuzz:
	$(GO) test ./parsers/code -run '^$$' -fuzz FuzzExtract -fuzztime 60s -fuzzminimizetime 2s

clean:
	rm -rf $(BIN)
