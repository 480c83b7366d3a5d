# treenav: see README.md.
GO ?= go
BIN ?= bin

.PHONY: build test bench lint fidelity fuzz clean

build:
	$(GO) build -o $(BIN)/treenav ./cmd/treenav

test:
	$(GO) vet ./...
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

fuzz:
	$(GO) test ./parsers/code -run '^$$' -fuzz FuzzExtract -fuzztime 60s -fuzzminimizetime 2s

clean:
	rm -rf $(BIN)
