package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/treenav/treenav/index/engine"
)

// progress shows a build's progress: a bar on a terminal (schollz/progressbar
// handles widths, rates and redraws), plain lines otherwise so that logs
// stay readable.
type progress struct {
	w     io.Writer
	tty   bool
	bar   *progressbar.ProgressBar
	last  time.Time
	total int
}

func newProgress(w io.Writer, tty bool) *progress {
	return &progress{w: w, tty: tty, last: time.Now()}
}

func (p *progress) update(pr engine.Progress) {
	if p.tty {
		if p.bar == nil {
			p.bar = progressbar.NewOptions(pr.Total,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription("indexing"),
				progressbar.OptionShowCount(),
				progressbar.OptionSetItsString("files"),
				progressbar.OptionShowIts(),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionSetWidth(30))
		}
		p.bar.Set(pr.Done)
		return
	}
	p.total = pr.Total
	if time.Since(p.last) >= 2*time.Second || pr.Done == pr.Total {
		p.last = time.Now()
		fmt.Fprintf(p.w, "indexing: %d/%d files\n", pr.Done, pr.Total)
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
