package engine

import (
	"errors"
	"fmt"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/apidiff"
)

// ChangesRequest asks which symbols changed between two revisions of the
// indexed roots' git repositories.
type ChangesRequest struct {
	Base     string // a revision; "" is HEAD
	Head     string // a revision; "" is the work tree
	Path     string // a path glob, as search's
	Bodies   bool   // also report symbols whose text alone changed
	MaxChars int
}

// ChangedSymbols reports the symbols that a diff adds, removes or changes
// (signature, kind, visibility, deprecation, file), over every collection
// whose root is in a git work tree: by default the edits in the work tree
// since HEAD. It reads git, not the index: it answers while indexing too.
func (e *Engine) ChangedSymbols(req ChangesRequest) (*treenav.ChangesResponse, error) {
	var out *treenav.ChangesResponse
	var paths []string
	if req.Path != "" {
		paths = []string{req.Path}
	}
	for _, c := range e.colls {
		r, err := apidiff.Diff(apidiff.Options{Root: c.Root, Base: req.Base, Head: req.Head,
			Bodies: req.Bodies, Paths: paths, Walk: e.walkOptions(c)})
		if errors.Is(err, apidiff.ErrNotRepository) && len(e.colls) > 1 {
			continue // another collection's root may be one
		}
		if err != nil {
			if errors.Is(err, apidiff.ErrNotRepository) {
				return nil, &index.BadRequestError{Msg: fmt.Sprintf("%s is not in a git repository: changed_symbols compares git revisions", c.Root)}
			}
			return nil, &index.BadRequestError{Msg: err.Error()}
		}
		if len(e.colls) > 1 {
			for i := range r.Changes {
				r.Changes[i].NodeID = c.Name + ":" + r.Changes[i].NodeID
			}
		}
		if out == nil {
			out = r
			continue
		}
		out.Changes = append(out.Changes, r.Changes...)
		out.Summary = mergeSummaries(out.Summary, r.Summary)
	}
	if out == nil {
		return nil, &index.BadRequestError{Msg: "no indexed root is in a git repository: changed_symbols compares git revisions"}
	}
	max := req.MaxChars
	if max <= 0 {
		max = index.DefaultMaxChars
	}
	apidiff.Fit(out, max)
	return out, nil
}

func mergeSummaries(a, b treenav.ChangesSummary) treenav.ChangesSummary {
	a.Files += b.Files
	a.Changes += b.Changes
	a.Public += b.Public
	for k, n := range b.ByKind {
		a.ByKind[k] += n
	}
	for k, n := range b.PublicByKind {
		a.PublicByKind[k] += n
	}
	for k, n := range b.Skipped {
		if a.Skipped == nil {
			a.Skipped = map[string]int{}
		}
		a.Skipped[k] += n
	}
	return a
}
