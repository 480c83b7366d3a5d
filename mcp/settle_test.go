package mcp

import (
	"context"
	"encoding/json"
	"testing"
	"testing/synctest"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestSettleIsOneDeadline: tool calls made while the first build runs
// wait the settle time once in all, not each: a client making ten calls
// during a long build waited 3s for every one of them (30s). The clock is
// synctest's, so the waits are exact and take no real time.
func TestSettleIsOneDeadline(t *testing.T) {
	eng := newEngine(t, fixture, false) // never built: the build runs on
	synctest.Test(t, func(t *testing.T) {
		s := New(eng, Options{Settle: 3 * time.Second})
		call := s.guard(func(context.Context, string, sdk.Request) (sdk.Result, error) {
			return &sdk.CallToolResult{}, nil
		})
		start := time.Now()
		for i := range 10 {
			req := &sdk.CallToolRequest{Params: &sdk.CallToolParamsRaw{Name: "search_documents", Arguments: json.RawMessage(`{"query":"x"}`)}}
			if _, err := call(context.Background(), "tools/call", req); err != nil {
				t.Fatal(err)
			}
			if i == 0 && time.Since(start) != 3*time.Second {
				t.Errorf("the first call waited %v, want the settle time, 3s", time.Since(start))
			}
		}
		if waited := time.Since(start); waited != 3*time.Second {
			t.Errorf("ten calls during the build waited %v in all, want the settle time once, 3s", waited)
		}
	})
}
