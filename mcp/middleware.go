package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// guard lets a tool call that arrives just after start wait a moment for
// the first build (Options.Settle), counts requests for the idle release
// (Options.IdleRelease), and keeps one bad request from taking
// the server down for every client: "arguments": null is read as {} (the
// SDK would panic applying schema defaults to it), and a panic in a
// handler becomes an error for that request alone, logged with its stack.
func (s *Server) guard(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (res sdk.Result, err error) {
		if s.idle != nil {
			s.idle.begin()
			defer s.idle.end()
		}
		if r, ok := req.(*sdk.CallToolRequest); ok && r.Params != nil {
			if a := bytes.TrimSpace(r.Params.Arguments); len(a) == 0 || bytes.Equal(a, []byte("null")) {
				r.Params.Arguments = json.RawMessage("{}")
			}
			if r.Params.Name != "index_status" {
				s.awaitBuild(ctx)
			}
		}
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic serving a request", "method", method, "panic", p, "stack", string(debug.Stack()))
				res, err = nil, fmt.Errorf("internal error serving %s: %v", method, p)
			}
		}()
		return next(ctx, method, req)
	}
}
