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

// maxStdioMessage bounds one incoming stdio message: a client that never
// ends a message must not grow the buffer without limit.
const maxStdioMessage = 64 << 20

// guardStdio screens the client's messages before the MCP transport reads
// them: the SDK ends the session on a line that is not JSON, a JSON-RPC
// batch (which MCP 2025-06-18 dropped) or an object that is no JSON-RPC
// message, so one bad line from a client would stop the server. Such a
// message is answered here with a JSON-RPC error (-32700 parse error,
// -32600 invalid request) on out, and the session goes on. Messages are
// newline-delimited, as MCP's stdio transport specifies; a message split
// over several lines is still read whole. out must be the writer the
// transport writes to, so that answers never interleave.
func guardStdio(in io.Reader, out *lockedWriter) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		r := bufio.NewReader(in)
		var pending []byte // the lines of a message begun but not ended
		for {
			line, err := r.ReadBytes('\n')
			last := err != nil
			text := append(pending, line...)
			msg, bad := screenMessage(text, last)
			if len(pending) > 0 && bad != nil && bad.code == codeParseError && !blank(line) {
				// This line does not continue the message begun before
				// it: those lines were a broken message, and this line
				// is read on its own.
				out.Write(rpcError(nil, codeParseError, "parse error: an incomplete message"))
				text = line
				msg, bad = screenMessage(text, last)
			}
			pending = pending[:0]
			switch {
			case bad != nil:
				out.Write(rpcError(bad.id, bad.code, bad.message))
			case msg != nil:
				if _, err := pw.Write(msg); err != nil {
					return // the transport is gone
				}
			case blank(text):
			case len(text) > maxStdioMessage:
				out.Write(rpcError(nil, codeParseError, fmt.Sprintf("parse error: a message longer than %d bytes", maxStdioMessage)))
			default:
				pending = text // more lines may complete it
			}
			if last {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				pw.CloseWithError(err)
				return
			}
		}
	}()
	return pr
}

// JSON-RPC's error codes for what guardStdio answers.
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

func blank(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }

// screenMessage reads buf, one or more lines of input: msg is the message
// to pass on (with its newline), bad the error to answer instead; both nil
// when buf is blank, or the start of a message that more lines may
// complete (never at the end of input, last).
func screenMessage(buf []byte, last bool) (msg []byte, bad *badMessage) {
	if blank(buf) {
		return nil, nil
	}
	var raw json.RawMessage
	err := json.NewDecoder(bytes.NewReader(buf)).Decode(&raw)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) && !last:
		return nil, nil
	case err != nil:
		return nil, &badMessage{nil, codeParseError, "parse error: " + err.Error()}
	}
	raw = bytes.TrimSpace(raw)
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
// guardStdio's answers; each write is one whole message.
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
