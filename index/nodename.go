package index

import (
	"errors"
	"strings"

	"github.com/treenav/treenav/parsers"
)

// A node asked for by what an agent has in hand rather than by its id:
// find_symbol's name or qualified name ("http.Server.Shutdown",
// "modfetch.RevInfo"), a Go import path and qualified name, or the
// PATH:LINE a grep printed. get_node_content and navigate take them as
// find_references takes its target (resolveTarget: the same preferences
// for a definition over a prototype, source over a document's code
// block, public over internal code, the host's build), so that reading a
// symbol whose name is known takes one call, not find_symbol and then
// get_node_content.

// resolveNode finds the node id names: a node id first (resolve), then,
// when no node has that id and id has no "#", the definition it names.
// asked is true when id was read as a name. A name that names several
// definitions is an AmbiguousTargetError listing their ids; one that
// names none keeps the unknown id's error, with its closest ids; a
// PATH:LINE where the file has no symbol says why.
func (ix *Index) resolveNode(v *view, id string) (si int, n uint32, asked bool, err error) {
	si, n, err = v.resolve(id)
	var nf *NotFoundError
	if err == nil || strings.Contains(id, "#") || !errors.As(err, &nf) || nf.Why == whyDirectory {
		return si, n, false, err
	}
	q := v.takeRefQuery(ix, false)
	defer v.doneRefQuery(q)
	r, terr := q.resolveTarget(id)
	if terr == nil {
		return int(r.seg), r.node, true, nil
	}
	// Several definitions, or a PATH:LINE whose file has no symbol
	// there (past its end, above its first): that error says more.
	var amb *AmbiguousTargetError
	if tnf := (*NotFoundError)(nil); errors.As(terr, &amb) || errors.As(terr, &tnf) && tnf.Why != "" {
		return 0, 0, false, terr
	}
	// A name that names nothing: the closest symbols by name, unless it
	// reads as a file's path and ids close to it in spelling exist
	// ("java.util.HashMap.resze" is HashMap.resize's, not the file
	// java/util/HashMap.java's, nor another class's resize method).
	if tnf := (*NotFoundError)(nil); (len(nf.Closest) == 0 || !pathLike(id)) && errors.As(terr, &tnf) && len(tnf.Closest) > 0 {
		return 0, 0, false, &NotFoundError{What: nf.What, ID: nf.ID, Why: "no node has this id, no symbol this name", Closest: tnf.Closest}
	}
	return 0, 0, false, err
}

// pathLike reports whether id reads as a file's path: it has a slash or
// ends as a file that is indexed does (README.md, main.go).
func pathLike(id string) bool {
	return strings.Contains(id, "/") || parsers.Kind(id, nil) != ""
}
