package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/mcp"
)

func init() {
	register(&command{name: "serve", usage: "[--root DIR]... [--config FILE] [--http ADDR] [--token T] [--watch=false] [--idle-release DURATION] [--index-dir DIR] [--no-cache]",
		summary: "serve the index to agents over MCP (stdio, or streamable HTTP with --http)", run: (*cli).serve})
}

// serveOptions are serve's settings: the configuration's [server] table
// with the command line over it.
type serveOptions struct {
	cm       *common
	cfg      *treenav.Config
	http     string // listen address; "" is stdio
	token    string
	watch    bool
	debounce time.Duration
	// idleRelease is how long the server waits without a request before
	// it gives memory back (0: never).
	idleRelease time.Duration
}

func (c *cli) serve(args []string) error {
	o, err := c.serveFlags(args)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stdout := c.stdout
	if f, ok := stdout.(*os.File); ok && f == os.Stdout && o.http == "" {
		// stdout carries the protocol alone: anything else that prints to
		// os.Stdout from now on lands on stderr.
		os.Stdout = os.Stderr
	}
	return c.runServe(ctx, o, c.stdinOrDefault(), stdout)
}

// serveFlags parses serve's flags over the configuration. The token comes
// from --token, else $TREENAV_TOKEN, else the configuration.
func (c *cli) serveFlags(args []string) (serveOptions, error) {
	fs := c.newFlags("serve")
	o := serveOptions{cm: c.commonFlags(fs)}
	httpAddr := fs.String("http", "", "serve streamable HTTP at ADDR (e.g. 127.0.0.1:3100; a bare port binds loopback) instead of stdio")
	token := fs.String("token", "", "require \"Authorization: Bearer T\" over HTTP (default $TREENAV_TOKEN)")
	watch := fs.Bool("watch", true, "keep the index current as files change")
	idle := fs.Duration("idle-release", treenav.DefaultIdleRelease, "give back the memory kept for the next queries once no request has come for this long (0: never)")
	args, err := parseFlags(fs, args)
	if err != nil {
		return o, err
	}
	if len(args) > 0 {
		return o, usagef("unexpected argument %q", args[0])
	}
	if o.cm.json {
		return o, usagef("--json: serve speaks MCP; the query commands print JSON")
	}
	if o.cfg, err = o.cm.setup(); err != nil {
		return o, err
	}
	// A client does not share the server's working directory: its
	// answers name files by absolute paths.
	o.cm.origin.Relative = false
	sc := o.cfg.Server
	o.http, o.token, o.watch, o.debounce = sc.HTTP, sc.Token, sc.Watch == nil || *sc.Watch, sc.Debounce
	if o.cm.set("http") {
		o.http = *httpAddr
	}
	if env := os.Getenv("TREENAV_TOKEN"); env != "" {
		o.token = env
	}
	if o.cm.set("token") {
		o.token = *token
	}
	if o.cm.set("watch") {
		o.watch = *watch
	}
	o.idleRelease = sc.IdleRelease
	if o.cm.set("idle-release") {
		if *idle < 0 {
			return o, usagef("--idle-release %v: want a duration of 0 (never) or more", *idle)
		}
		o.idleRelease = *idle
	}
	if err := checkToken(o.token); err != nil {
		return o, err
	}
	return o, nil
}

// checkToken refuses a token no client can send: one of spaces alone
// would protect nothing if taken as no token, and HTTP strips the spaces
// around a header's value, so a token with them never matches.
func checkToken(tok string) error {
	switch t := strings.TrimSpace(tok); {
	case tok != "" && t == "":
		return fmt.Errorf("the token (--token, TREENAV_TOKEN or [server] token) is only whitespace: set a real token, or none to serve loopback only")
	case t != tok:
		return fmt.Errorf("the token (--token, TREENAV_TOKEN or [server] token) has whitespace around it, which clients cannot send: remove it")
	}
	return nil
}

// runServe serves until ctx is done or, on stdio, the client disconnects.
func (c *cli) runServe(ctx context.Context, o serveOptions, stdin io.Reader, stdout io.Writer) error {
	ctx, cancel := context.WithCancel(ctx) // ends the watcher with the server
	defer cancel()
	level := slog.LevelInfo
	if o.cm.quiet {
		level = slog.LevelError
	}
	log := slog.New(slog.NewTextHandler(c.stderr, &slog.HandlerOptions{Level: level}))

	var listenAddr string
	if o.http != "" {
		addr, loopback, err := listenAddress(o.http)
		if err != nil {
			return usagef("%v", err)
		}
		if !loopback {
			if o.token == "" {
				return fmt.Errorf("refusing to serve %s without a token: a non-loopback address exposes the indexed code to the network; set --token or TREENAV_TOKEN (clients then send \"Authorization: Bearer <token>\"), or bind 127.0.0.1", addr)
			}
			log.Warn("serving on a non-loopback address; requests need the bearer token", "addr", addr)
		}
		listenAddr = addr
	}

	opts := engine.EngineOptions{FlushEvery: 2 * time.Second, ReleaseMemory: true}
	var last time.Time
	opts.Progress = func(p engine.Progress) {
		if time.Since(last) >= 5*time.Second {
			last = time.Now()
			log.Info("indexing", "done", p.Done, "total", p.Total)
		}
	}
	eng, err := o.cm.newEngine(o.cfg, opts)
	if err != nil {
		return err
	}
	srv := mcp.New(eng, mcp.Options{Logger: log, Settle: serveSettle,
		Ceiling: mcp.Ceiling{MaxChars: o.cfg.Server.MaxChars, MaxNodes: o.cfg.Server.MaxNodes}, IdleRelease: o.idleRelease})
	// Answer initialize at once; the index is loaded, brought up to date
	// and then watched in the background, and the tools say how far it is.
	built := make(chan struct{}) // closed when the first build returns
	background := make(chan struct{})
	go func() {
		defer close(background)
		c.indexInBackground(ctx, eng, srv, o, log, built)
	}()
	// However serving ends, stop the watcher and let it save what it
	// applied since its last save; a first build still under way cannot
	// be stopped, and is not waited for.
	defer func() {
		cancel()
		select {
		case <-built:
			<-background
		default:
		}
	}()

	if listenAddr == "" {
		var roots []string
		for _, c := range o.cfg.Collections {
			roots = append(roots, c.Root)
		}
		log.Info("serving MCP on stdio", "roots", roots)
		out := &lockedWriter{w: stdout}
		t := &sdk.IOTransport{Reader: newStdioGuard(stdin, out, maxStdioLine, stdioReadBuffer), Writer: out}
		done := make(chan error, 1)
		go func() { done <- srv.Run(ctx, t) }()
		select {
		case err := <-done:
			// The client closed stdin: the normal end of a stdio server.
			if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
				return err
			}
		case <-ctx.Done():
			// A signal: a read from stdin cannot be interrupted, so give
			// the session a moment to close and go.
			select {
			case <-done:
			case <-time.After(time.Second):
			}
		}
		return nil
	}
	return serveHTTP(ctx, srv, listenAddr, o.token, log)
}

// indexInBackground loads the persisted snapshot (answers come from it at
// once), brings it up to date with the disk and saves it if that changed
// anything, as the CLI commands do, and closes built; then, unless told
// not to, it watches the files until ctx ends, saving the snapshot at
// most every snapshotEvery, and once more when ctx ends if updates came
// after the last save (the next start would parse them again).
func (c *cli) indexInBackground(ctx context.Context, eng *engine.Engine, srv *mcp.Server, o serveOptions, log *slog.Logger, built chan<- struct{}) {
	var dir string
	loaded := false
	if !o.cm.noCache {
		var err error
		if dir, err = eng.SnapshotDir(o.cfg.Index.Dir); err != nil {
			log.Warn("no snapshot directory; indexing in memory", "err", err)
		} else if loaded, err = eng.LoadSnapshot(dir); err != nil {
			log.Warn("index snapshot unusable; rebuilding", "err", err)
		} else if loaded {
			log.Info("index snapshot loaded", "documents", eng.Stats().Documents)
		}
	}
	err := srv.Build()
	close(built)
	if err != nil {
		return // logged; the tools report it
	}
	var saved uint64 // eng.Changes() when the snapshot was last saved
	var lastSave time.Time
	save := func() {
		if dir == "" {
			return
		}
		n := eng.Changes()
		if err := eng.SaveSnapshot(dir); err != nil {
			log.Warn("could not save the index snapshot", "err", err)
			return
		}
		saved, lastSave = n, time.Now()
	}
	if !loaded || eng.Changes() > 0 {
		save()
	}
	if !o.watch {
		return
	}
	go eng.PrepareParsers() // alongside: an edit meanwhile waits for its language only
	err = eng.Watch(ctx, engine.WatchOptions{Debounce: o.debounce, Warn: func(msg string) { log.Warn(msg) }, OnUpdate: func() {
		if eng.Changes() != saved && time.Since(lastSave) >= snapshotEvery {
			save()
		}
	}})
	if err != nil && ctx.Err() == nil {
		log.Warn("not watching for changes", "err", err)
	}
	if dir != "" && eng.Changes() != saved {
		log.Info("saving the index snapshot before exiting", "updates", eng.Status().Updates)
		save()
	}
}

// serveSettle is how long the tool calls made right after start wait, in
// all, for the index to be loaded and brought up to date before they
// answer from what is there (see mcp.Options.Settle): long enough for a
// small repository or a fresh snapshot, short against clients' timeouts
// (typically a minute).
const serveSettle = 3 * time.Second

// snapshotEvery bounds how often a watching server rewrites its snapshot.
const snapshotEvery = 30 * time.Second

// serveHTTP listens on addr until ctx is done, then shuts down gracefully.
func serveHTTP(ctx context.Context, srv *mcp.Server, addr, token string, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs, ln := mcp.NewHTTPServer(srv.HTTPHandler(mcp.HTTPOptions{Token: token}), ln, mcp.ServerLimits{})
	// The address asked for, with the port bound (":0" picks one).
	host, _, _ := net.SplitHostPort(addr)
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	base := "http://" + net.JoinHostPort(host, port)
	log.Info("serving MCP over streamable HTTP", "url", base+"/mcp", "health", base+"/healthz", "token", token != "")
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		// Open event streams do not end by themselves: cut them.
		hs.Close()
	}
	return nil
}

// listenAddress resolves --http: a bare port or an address without a host
// binds loopback; loopback reports whether the host is loopback.
func listenAddress(s string) (addr string, loopback bool, err error) {
	if _, err := strconv.Atoi(s); err == nil {
		s = ":" + s
	}
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return "", false, fmt.Errorf("bad --http address %q: want HOST:PORT, e.g. 127.0.0.1:3100", s)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), mcp.IsLoopbackHost(host), nil
}
