package mcp

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// idleReleaser gives memory back once no request has come for a while
// (Options.IdleRelease): an agent's server waits between calls far more
// than it answers, and what it keeps for the next queries (search
// buffers, grep's texts, the snapshot pages queries read) need not stay
// resident meanwhile. Once released, it waits for a request before it
// can release again.
type idleReleaser struct {
	after   time.Duration
	release func() int64
	log     *slog.Logger

	mu       sync.Mutex
	active   int       // requests being served
	last     time.Time // when the last of them ended
	timer    *time.Timer
	released bool // since the last request

	count atomic.Int64 // releases so far
}

// begin marks a request being served.
func (r *idleReleaser) begin() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active++
	r.released = false
}

// end marks a request served: with none left, the wait starts again.
func (r *idleReleaser) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active--
	r.last = time.Now()
	if r.active == 0 {
		r.arm(r.after)
	}
}

// idle starts the wait with no request yet (after the first build).
func (r *idleReleaser) idle() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.active == 0 && !r.released {
		r.last = time.Now()
		r.arm(r.after)
	}
}

// arm (r.mu held) fires fire after d.
func (r *idleReleaser) arm(d time.Duration) {
	if r.timer == nil {
		r.timer = time.AfterFunc(d, r.fire)
		return
	}
	r.timer.Reset(d)
}

// fire releases if nothing was served for r.after and nothing is being.
func (r *idleReleaser) fire() {
	r.mu.Lock()
	if r.active > 0 || r.released {
		r.mu.Unlock()
		return
	}
	if wait := r.after - time.Since(r.last); wait > 0 {
		r.arm(wait) // a request came and went meanwhile
		r.mu.Unlock()
		return
	}
	r.released = true
	r.mu.Unlock()
	start := time.Now()
	n := r.release()
	r.count.Add(1)
	r.log.Debug("idle: memory released", "mapped_bytes_dropped", n, "took", time.Since(start).Round(time.Millisecond))
}
