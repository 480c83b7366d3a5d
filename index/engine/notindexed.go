package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// NotIndexedError reports an id that names a file the index left out on
// purpose or could not index: skipped by its content (generated, binary,
// minified) or its size, left out by its collection's globs, or failed to
// be read or parsed. Unlike an unknown id's error it suggests no other
// ids: it says why, and what would get the file indexed.
type NotIndexedError struct {
	What   string // "document" or "node", as in index.NotFoundError
	ID     string // the id asked for
	DocID  string // the id the file would have as a document
	Reason string // a walk.Skip* reason (generated, too_large, excluded ...), or "failed"
	Detail string // what the reason means and what to do about it
}

func (e *NotIndexedError) Error() string {
	return e.DocID + " is not indexed: " + e.Detail
}

// explain turns the index's answer that an id matched nothing
// (index.NotFoundError, with the id as asked) into a NotIndexedError when
// the id's document part names a file the engine knows it left out: a
// file the index keeps a stamp of (skipped by content or size, failed),
// or, for an id that reads as a path, one the collection's globs leave
// out. Other errors, and ids the engine knows nothing about, keep their
// error and its closest ids.
func (e *Engine) explain(err error) error {
	nf, ok := errors.AsType[*index.NotFoundError](err)
	if !ok || nf.Asked == "" || strings.Contains(nf.ID, " (ambiguous") {
		return err
	}
	id := strings.TrimSpace(nf.Asked)
	docID, _ := treenav.SplitNodeID(id)
	docID = strings.TrimPrefix(docID, "./")
	if docID == "" {
		return err
	}
	if _, ok := e.ix.Has(docID); ok {
		return err // an indexed document: a node of it is unknown
	}
	ne := &NotIndexedError{What: nf.What, ID: id, DocID: docID}
	if sk, ok := e.ix.Stamps()[docID]; ok {
		ne.Reason, ne.Detail = sk.Reason, e.skipDetail(sk, docID)
	}
	if ne.Detail == "" && (strings.Contains(id, "#") || e.ix.LooksLikePath(docID)) {
		ne.Reason, ne.Detail = e.globExcluded(docID)
	}
	if ne.Detail == "" {
		return err
	}
	return ne
}

// skipDetail says what a stamp's reason means for the file, and what
// would get it indexed; "" for a stamp that is no reason (an indexed
// file's "same content").
func (e *Engine) skipDetail(sk index.Stamp, docID string) string {
	switch sk.Reason {
	case walk.SkipGenerated:
		return "skipped as generated (its opening comments carry a generator's marker, such as \"Code generated ... DO NOT EDIT\" or \"@generated\"); " + e.generatedAdvice(docID)
	case walk.SkipBinary:
		return "skipped as binary (it has a NUL byte near its start)"
	case walk.SkipMinified:
		return "skipped as minified (a bundle: \".min.\" in its name, or lines of over 300 bytes on average)"
	case walk.SkipUnsupported:
		return "it is of no language treenav parses (no known extension, name or shebang)"
	case walk.SkipTooLarge:
		return fmt.Sprintf("skipped as too large (%d bytes, over the size limit); to index it, %s", sk.Size, e.sizeAdvice())
	case failedReason:
		msg := "it could not be read or parsed when last indexed"
		if fe := e.failure(docID); fe != "" {
			msg += ": " + fe
		}
		return msg + "; index_status lists the files that failed"
	}
	return ""
}

// failure is the error the last build or the watcher kept for a file that
// failed to be indexed, if the status still holds it.
func (e *Engine) failure(docID string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, fe := range e.status.Errors {
		if fe.Path == docID {
			return fe.Error
		}
	}
	return ""
}

// globExcluded says whether the include or exclude globs of the document
// id's collection leave its path out (walk.Options.GlobExcluded: from the
// path alone, no file is read).
func (e *Engine) globExcluded(docID string) (reason, detail string) {
	c, rel, ok := e.fileOfID(docID)
	if !ok || rel == "" {
		return "", ""
	}
	opts := e.walkOptions(*c)
	pattern, excluded := opts.GlobExcluded(rel)
	switch {
	case !excluded:
		return "", ""
	case pattern != "":
		return walk.SkipExcluded, fmt.Sprintf("its collection's exclude pattern %q leaves it out", pattern)
	}
	return walk.SkipExcluded, fmt.Sprintf("its collection's include globs (%s) do not match it", quoteAll(c.Include))
}
