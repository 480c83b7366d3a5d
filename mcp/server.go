// Package mcp serves treenav's index to agents over the Model Context
// Protocol: the navigation tools (search_documents, get_tree,
// get_node_content, ...), a statistics resource, and the stdio and
// streamable HTTP transports. The tools are thin over the same index calls
// as the CLI, and their structured results are the CLI's --json output.
package mcp

import (
	"context"
	"io"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav/index/engine"
)

// instructions reach the model through clients that show a server's
// instructions: the workflow and what ids look like.
const instructions = `treenav indexes this repository's source code and markdown docs as trees: a source file holds symbols (types, functions, methods, fields), a markdown page holds sections (headings).

Workflow: search_documents (or find_symbol when you know a name) → get_tree to read a document's outline → get_node_content for the exact symbol or section, or navigate_tree for a node with everything under it. list_documents shows what is indexed and the facet values to filter on.

Ids: a document is its path ("web/server.go"); a node is path#anchor, where the anchor is a symbol's qualified name ("web/server.go#Server.Shutdown") or a heading path ("docs/install.md#install/from-source"). Answers are bounded; when cut short they say so and how to get the rest (a cursor, a narrower call).`

// Options configure a Server.
type Options struct {
	// Version is reported to clients; empty takes the module version.
	Version string
	// Logger receives the server's logs; nil discards them. It must not
	// write to a stdio transport's stdout.
	Logger *slog.Logger
	// Settle is how long tool calls that arrive before the first Build
	// has finished wait for it, all together: the first such call waits
	// at most Settle, and later ones only until the same deadline. On a
	// small or already indexed repository the first answer is then
	// complete, not empty, while on a big one it still comes quickly,
	// from what is indexed, with a progress note, and the calls after it
	// answer at once. index_status never waits. 0 answers at once.
	Settle time.Duration
	// Ceiling bounds max_chars and max_nodes of every call (the config's
	// [server] max_chars and max_nodes).
	Ceiling Ceiling
	// IdleRelease, when set, gives memory back once no request has come
	// for this long (engine.ReleaseIdle; the config's [server]
	// idle_release): the next query reads back what it needs.
	IdleRelease time.Duration
}

// Server is treenav's MCP server over one engine. Its methods are safe for
// concurrent use; one Server serves any number of sessions.
type Server struct {
	eng *engine.Engine
	mcp *sdk.Server
	log *slog.Logger

	mu       sync.Mutex
	buildErr error     // the last build's error
	settleBy time.Time // no call waits for the first build past this; set by the first that waits

	settle    time.Duration
	ceiling   Ceiling
	built     chan struct{} // closed when the first Build returns
	builtOnce sync.Once
	idle      *idleReleaser // nil: memory is not released when idle
}

// New returns a server over eng with its tools and resources registered.
// The engine may still be empty: call Index (in the background) to build
// it; until it is done, answers come from what is indexed and say so.
func New(eng *engine.Engine, opts Options) *Server {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	version := opts.Version
	if version == "" {
		version = moduleVersion()
	}
	s := &Server{eng: eng, log: log, settle: opts.Settle, ceiling: opts.Ceiling, built: make(chan struct{})}
	if opts.IdleRelease > 0 {
		s.idle = &idleReleaser{after: opts.IdleRelease, release: eng.ReleaseIdle, log: log}
	}
	s.mcp = sdk.NewServer(&sdk.Implementation{Name: "treenav", Title: "treenav: code and docs as navigable trees", Version: version},
		&sdk.ServerOptions{
			Instructions: instructions,
			// No logging capability: logs go to the process's stderr.
			Capabilities: &sdk.ServerCapabilities{},
		})
	s.mcp.AddReceivingMiddleware(s.guard)
	s.addTools()
	s.addResources()
	return s
}

// MCP returns the underlying SDK server, to connect transports to it.
func (s *Server) MCP() *sdk.Server { return s.mcp }

// Run serves one session over transport t until the client disconnects or
// ctx is done.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error { return s.mcp.Run(ctx, t) }

// Build builds (or brings up to date) the engine's index and records the
// outcome for the tools' progress notes and index_status.
func (s *Server) Build() error {
	start := time.Now()
	err := s.eng.Build()
	s.mu.Lock()
	s.buildErr = err
	s.mu.Unlock()
	s.builtOnce.Do(func() { close(s.built) })
	if s.idle != nil {
		s.idle.idle() // what the build left counts from now
	}
	if err != nil {
		s.log.Error("indexing failed", "err", err)
		return err
	}
	st, stats := s.eng.Status(), s.eng.Stats()
	s.log.Info("index ready", "documents", stats.Documents, "nodes", stats.Nodes,
		"parsed", st.Parsed, "unchanged", st.Unchanged, "errors", st.ErrorCount, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// awaitBuild waits for the first Build to finish, until the deadline set
// by the first call that waited: Settle after it. A client's calls during
// a long build thus wait Settle in all, not each.
func (s *Server) awaitBuild(ctx context.Context) {
	if s.settle <= 0 {
		return
	}
	select {
	case <-s.built:
		return
	default:
	}
	s.mu.Lock()
	if s.settleBy.IsZero() {
		s.settleBy = time.Now().Add(s.settle)
	}
	wait := time.Until(s.settleBy)
	s.mu.Unlock()
	if wait <= 0 {
		return
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-s.built:
	case <-t.C:
	case <-ctx.Done():
	}
}

// buildError returns the last build's error message, or "".
func (s *Server) buildError() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.buildErr == nil {
		return ""
	}
	return s.buildErr.Error()
}

func (s *Server) lastBuildErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buildErr
}

// note says how far an unfinished index is ("" when it is complete).
func (s *Server) note() string {
	return progressNote(s.eng.Status(), s.buildError())
}

// moduleVersion is treenav's version from the build information.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
