package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// FuzzStdioGuard feeds the stdio guard random byte streams with newlines
// through the SDK's transport, with a small line limit so that long lines
// are common: every complete line either reaches the SDK whole (as one
// message, the line without the spaces around it) or is answered with
// one JSON-RPC error, a parse error when it is not one JSON value or is
// over the limit; the SDK never sees an error but the end of input; and
// the guard never holds more of a line than the limit.
func FuzzStdioGuard(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n",
		`{"jsonrpc":"2.0","id":1,"method":` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n",
		"[1,2]\n{}\n\n  \r\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"get_tree","arguments":{"doc_id":"x"}}} trailing` + "\n",
		"{\"jsonrpc\":\"2.0\",\n\"id\":3,\"method\":\"ping\"}\n",
	} {
		f.Add([]byte(s), uint8(40))
	}
	f.Fuzz(func(t *testing.T, in []byte, lim uint8) {
		limit := 16 + int(lim)
		var out bytes.Buffer
		g := newStdioGuard(bytes.NewReader(in), &out, limit, 16)
		conn, err := (&sdk.IOTransport{Reader: g, Writer: nopWriteCloser{io.Discard}}).Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		// What each line must give.
		var passed []string
		errs := 0
		lines := bytes.Split(in, []byte("\n"))
		if len(lines[len(lines)-1]) == 0 {
			lines = lines[:len(lines)-1] // the input ended with a newline
		}
		for _, l := range lines {
			trimmed := bytes.TrimSpace(l)
			switch {
			case len(l) > limit:
				errs++
			case len(trimmed) == 0:
			case !json.Valid(trimmed) || trimmed[0] == '[':
				errs++
			default:
				if _, err := jsonrpc.DecodeMessage(trimmed); err != nil {
					errs++
				} else {
					passed = append(passed, string(trimmed))
				}
			}
		}
		var got []string
		for {
			msg, err := conn.Read(context.Background())
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("the SDK read an error: %v (after %d messages)", err, len(got))
			}
			b, err := jsonrpc.EncodeMessage(msg)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(b))
		}
		if len(got) != len(passed) {
			t.Fatalf("the SDK read %d messages, want %d: %q", len(got), len(passed), passed)
		}
		for i, p := range passed {
			m, _ := jsonrpc.DecodeMessage([]byte(p))
			want, _ := jsonrpc.EncodeMessage(m)
			if got[i] != string(want) {
				t.Errorf("message %d: the SDK read %s, want %s", i, got[i], want)
			}
		}
		answers := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
		if out.Len() == 0 {
			answers = nil
		}
		if len(answers) != errs {
			t.Fatalf("%d error answers, want %d: %s", len(answers), errs, out.Bytes())
		}
		for _, a := range answers {
			var r struct {
				JSONRPC string `json:"jsonrpc"`
				Error   struct{ Code int }
			}
			if err := json.Unmarshal(a, &r); err != nil || r.JSONRPC != "2.0" || (r.Error.Code != codeParseError && r.Error.Code != codeInvalidRequest) {
				t.Errorf("answer %q is no JSON-RPC error", a)
			}
		}
		if g.held > limit+1 {
			t.Errorf("held %d bytes of a line; the limit is %d", g.held, limit)
		}
	})
}

// nopWriteCloser is a writer whose Close does nothing.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
