package parsers

import (
	"os"
	"runtime"
	"sync"

	"github.com/treenav/treenav"
)

// Job is one file to read and parse.
type Job struct {
	Rel   string // path relative to the root, forward slashes
	Abs   string // path to read
	DocID string
}

// Outcome is what became of a Job: a Document, a reason to skip the file
// (see walk.Classify), or an error.
type Outcome struct {
	Job  Job
	Doc  *treenav.Document
	Skip string
	Err  error
}

// Filter decides from a file's content whether to skip it; it returns a
// skip reason or "".
type Filter func(rel string, src []byte) string

// ParseAll reads and parses jobs on workers goroutines (0 means one per
// CPU) and calls emit from a single goroutine as outcomes arrive, in no
// particular order. Each worker holds one tree-sitter parser per language,
// taken from the language's pool.
func ParseAll(jobs []Job, workers int, filter Filter, emit func(Outcome)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	in := make(chan Job)
	out := make(chan Outcome, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				out <- parseJob(j, filter)
			}
		}()
	}
	go func() {
		for _, j := range jobs {
			in <- j
		}
		close(in)
		wg.Wait()
		close(out)
	}()
	for o := range out {
		emit(o)
	}
}

func parseJob(j Job, filter Filter) Outcome {
	if !Candidate(j.Rel) {
		return Outcome{Job: j, Skip: "unsupported"}
	}
	src, err := os.ReadFile(j.Abs)
	if err != nil {
		return Outcome{Job: j, Err: err}
	}
	if Kind(j.Rel, head(src)) == "" {
		return Outcome{Job: j, Skip: "unsupported"}
	}
	if filter != nil {
		if reason := filter(j.Rel, src); reason != "" {
			return Outcome{Job: j, Skip: reason}
		}
	}
	doc, err := Parse(j.Rel, j.DocID, src)
	return Outcome{Job: j, Doc: doc, Err: err}
}
