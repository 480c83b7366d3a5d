package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxStdioLine bounds one incoming stdio message, a line without its
// newline. It is applied while reading: a longer line is answered with a
// parse error and skipped up to its newline without being held, so that
// a client that never ends a line cannot grow the server's memory. It is
// below the SDK's own frame limit (16 MiB), which ends the session when
// reached; no tool's arguments come near it.
const maxStdioLine = 4 << 20

// stdioReadBuffer is the size of the buffer lines are read through.
const stdioReadBuffer = 64 << 10

// stdioGuard screens the client's messages before the MCP transport
// reads them, one line at a time, as MCP's stdio transport specifies
// (messages are newline-delimited and contain no newline). The SDK ends
// the session on a line that is not JSON, a JSON-RPC batch (which MCP
// 2025-06-18 dropped), an object that is no JSON-RPC message, or a frame
// over its size limit, so one bad line from a client would stop the
// server; and a line cut short would swallow the next one as the rest of
// its value. Such a line is answered here with a JSON-RPC error (-32700
// parse error, -32600 invalid request) on out, and the session goes on:
// each line is one message, and the transport reads only whole, valid
// ones. out must be the writer the transport writes to, so that answers
// never interleave.
type stdioGuard struct {
	r     *bufio.Reader
	out   io.Writer
	limit int    // the longest line passed on, without its newline
	line  []byte // the line being read; never longer than limit+1
	next  []byte // the screened message the transport has yet to read
	err   error  // the error that ended the input, once reached
	held  int    // the most bytes line ever held (for tests)
}

// newStdioGuard screens in with the given line limit, reading through a
// buffer of bufSize bytes.
func newStdioGuard(in io.Reader, out io.Writer, limit, bufSize int) *stdioGuard {
	return &stdioGuard{r: bufio.NewReaderSize(in, bufSize), out: out, limit: limit}
}

// Read gives the transport the next screened messages, each a line.
func (g *stdioGuard) Read(p []byte) (int, error) {
	for len(g.next) == 0 {
		if g.err != nil {
			return 0, g.err
		}
		if cap(g.line) > stdioReadBuffer {
			g.line = nil // a long line's buffer is not kept for the next
		}
		line, over, err := g.readLine()
		if err != nil {
			g.err = err
		}
		if over {
			g.out.Write(rpcError(nil, codeParseError, fmt.Sprintf("parse error: a message longer than %d bytes; it was skipped", g.limit)))
			continue
		}
		msg, bad := screenMessage(line)
		if bad != nil {
			g.out.Write(rpcError(bad.id, bad.code, bad.message))
		}
		g.next = msg
	}
	n := copy(p, g.next)
	g.next = g.next[n:]
	return n, nil
}

// Close leaves the input open: stdin is not the transport's to close.
func (g *stdioGuard) Close() error { return nil }

// readLine reads up to the next newline, or to the end of the input (err
// is then io.EOF, or the read error). over says the line was longer than
// the limit: its bytes were read and dropped, and line is empty.
func (g *stdioGuard) readLine() (line []byte, over bool, err error) {
	g.line = g.line[:0]
	for {
		chunk, err := g.r.ReadSlice('\n')
		if !over {
			n := len(g.line) + len(chunk)
			if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
				n-- // the newline is not part of the message
			}
			if n > g.limit {
				over, g.line = true, g.line[:0]
			} else {
				g.line = append(g.line, chunk...)
				g.held = max(g.held, len(g.line))
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return g.line, over, err
	}
}

// JSON-RPC's error codes for what stdioGuard answers.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// badMessage is the error answer to a message the transport must not
// read: its request id, if it has one, and the JSON-RPC error.
type badMessage struct {
	id      json.RawMessage
	code    int
	message string
}

// screenMessage reads one line: msg is the message to pass on (the JSON
// value without the spaces around it, and a newline), bad the error to
// answer instead; both nil when the line is blank.
func screenMessage(line []byte) (msg []byte, bad *badMessage) {
	raw := bytes.TrimSpace(line)
	if len(raw) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(raw, new(json.RawMessage)); err != nil {
		return nil, &badMessage{nil, codeParseError, "parse error: " + err.Error() + " (each line must be one whole JSON-RPC message)"}
	}
	if raw[0] == '[' {
		return nil, &badMessage{nil, codeInvalidRequest, "invalid request: JSON-RPC batches are not supported (MCP 2025-06-18); send one message per line"}
	}
	if _, err := jsonrpc.DecodeMessage(raw); err != nil {
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(raw, &probe)
		return nil, &badMessage{probe.ID, codeInvalidRequest, "invalid request: " + err.Error()}
	}
	return append(raw, '\n'), nil
}

// rpcError is a JSON-RPC error response line for the request id (null
// when it has none, or none that is a string or number).
func rpcError(id json.RawMessage, code int, message string) []byte {
	var v any
	if json.Unmarshal(id, &v) != nil {
		v = nil
	}
	switch v.(type) {
	case string, float64:
	default:
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
	return append(b, '\n')
}

// lockedWriter serializes writes to stdout between the transport and
// stdioGuard's answers; each write is one whole message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }
