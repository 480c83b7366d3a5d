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
	// KnownHash is the content hash the file had when last indexed: a
	// file whose content still hashes to it is not parsed again.
	KnownHash string
	// Read, when set, reads the file by its Rel instead of os.ReadFile
	// of Abs: the index reads through the checks of its walk (a link
	// out of the root, a device or a named pipe swapped in after the
	// walk is refused, and the size limit holds). Its error is the
	// Outcome's.
	Read func(rel string) ([]byte, error)
}

// Outcome is what became of a Job: a Document (with the source it was
// parsed from), a reason to skip the file (see walk.Classify), or an error.
type Outcome struct {
	Job       Job
	Doc       *treenav.Document
	Src       []byte
	Skip      string
	Err       error
	Unchanged bool // the content hash equals Job.KnownHash
}

// Filter decides from a file's content whether to skip it; it returns a
// skip reason or "".
type Filter func(rel string, src []byte) string

// Workers is the default parallelism: one worker per CPU.
func Workers() int { return runtime.GOMAXPROCS(0) }

// ParseAll reads and parses jobs on workers goroutines (0 means Workers())
// and calls emit on the worker goroutine that parsed each file, with the
// worker's index: emit runs concurrently, so per-worker state (a builder
// per worker) needs no lock. Each worker uses one tree-sitter parser per
// language, taken from the language's pool. ParseAll returns when every
// job has been emitted.
func ParseAll(jobs []Job, workers int, filter Filter, emit func(worker int, o Outcome)) {
	ParseAllThen(jobs, workers, filter, emit, nil)
}

// ParseAllThen is ParseAll that also calls then(worker) on each worker's
// goroutine once no job is left for it, while other workers may still be
// parsing: a builder per worker can finish its part there instead of
// after the slowest worker's last file.
func ParseAllThen(jobs []Job, workers int, filter Filter, emit func(worker int, o Outcome), then func(worker int)) {
	if workers <= 0 {
		workers = Workers()
	}
	in := make(chan Job)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				emit(w, parseJob(j, filter))
			}
			if then != nil {
				then(w)
			}
		}()
	}
	for _, j := range jobs {
		in <- j
	}
	close(in)
	wg.Wait()
}

func parseJob(j Job, filter Filter) Outcome {
	if !Candidate(j.Rel) {
		return Outcome{Job: j, Skip: "unsupported"}
	}
	var src []byte
	var err error
	if j.Read != nil {
		src, err = j.Read(j.Rel)
	} else {
		src, err = os.ReadFile(j.Abs)
	}
	if err != nil {
		return Outcome{Job: j, Err: err}
	}
	if j.KnownHash != "" && Hash(src) == j.KnownHash {
		return Outcome{Job: j, Unchanged: true}
	}
	kind := Kind(j.Rel, head(src))
	if kind == "" {
		return Outcome{Job: j, Skip: "unsupported"}
	}
	if filter != nil {
		if reason := filter(j.Rel, src); reason != "" {
			return Outcome{Job: j, Skip: reason}
		}
	}
	doc, err := parseAs(j.Rel, j.DocID, src, kind)
	return Outcome{Job: j, Doc: doc, Src: src, Err: err}
}
