package apidiff

import (
	"github.com/treenav/treenav"
)

// comparer pairs the symbols of the two sides and collects the changes.
type comparer struct {
	bodies  bool
	changes []treenav.SymbolChange
	// The symbols no pairing in their own file took, for moves.
	removed, added []Symbol
}

// file compares the symbols of one file's two sides (either may be
// empty: an added or deleted file). Symbols pair by qualified name, the
// first of a name with the first, the second with the second (overloads).
// renamed says the file itself was renamed: its Symbols keep their
// identity and say their old path.
func (c *comparer) file(old, new []Symbol, renamed bool) {
	byName := map[string][]int{}
	for i, s := range old {
		byName[s.Qualified] = append(byName[s.Qualified], i)
	}
	taken := make([]bool, len(old))
	for _, n := range new {
		idx := byName[n.Qualified]
		if len(idx) == 0 {
			c.added = append(c.added, n)
			continue
		}
		byName[n.Qualified] = idx[1:]
		taken[idx[0]] = true
		c.pair(old[idx[0]], n, renamed, false)
	}
	for i, o := range old {
		if !taken[i] {
			c.removed = append(c.removed, o)
		}
	}
}

// moves pairs a symbol removed from one file with the one symbol of the
// same qualified name, kind family and language added in another; the
// rest are added and removed.
func (c *comparer) moves() {
	type key struct{ qualified, language string }
	removedBy := map[key][]int{}
	for i, s := range c.removed {
		k := key{s.Qualified, s.Language}
		removedBy[k] = append(removedBy[k], i)
	}
	addedBy := map[key][]int{}
	for i, s := range c.added {
		k := key{s.Qualified, s.Language}
		addedBy[k] = append(addedBy[k], i)
	}
	movedOld := make([]bool, len(c.removed))
	movedNew := make([]bool, len(c.added))
	for k, ri := range removedBy {
		ai := addedBy[k]
		if len(ri) != 1 || len(ai) != 1 {
			continue // several candidates: no way to tell which went where
		}
		o, n := c.removed[ri[0]], c.added[ai[0]]
		if o.Path == n.Path {
			continue
		}
		movedOld[ri[0]], movedNew[ai[0]] = true, true
		c.pair(o, n, false, true)
	}
	for i, s := range c.removed {
		if !movedOld[i] {
			ch := change(treenav.ChangeRemoved, s)
			ch.OldSignature = s.Signature
			c.changes = append(c.changes, ch)
		}
	}
	for i, s := range c.added {
		if !movedNew[i] {
			ch := change(treenav.ChangeAdded, s)
			ch.Signature = s.Signature
			c.changes = append(c.changes, ch)
		}
	}
}

// pair reports what changed between two sides of one symbol.
func (c *comparer) pair(o, n Symbol, renamed, moved bool) {
	before := len(c.changes)
	add := func(kind string) *treenav.SymbolChange {
		ch := change(kind, n)
		if renamed || moved {
			ch.OldPath = o.Path
		}
		c.changes = append(c.changes, ch)
		return &c.changes[len(c.changes)-1]
	}
	if moved {
		add(treenav.ChangeMoved).Public = o.Public || n.Public
	}
	if o.Kind != n.Kind {
		ch := add(treenav.ChangeKindChanged)
		ch.OldKind = o.Kind
		ch.Public = o.Public || n.Public
	}
	if o.Signature != n.Signature {
		ch := add(treenav.ChangeSignatureChanged)
		ch.OldSignature, ch.Signature = o.Signature, n.Signature
		ch.Public = o.Public || n.Public
	}
	if o.Public != n.Public {
		add(treenav.ChangeVisibilityChanged) // Public: the new side's
	}
	if n.Deprecated && !o.Deprecated {
		add(treenav.ChangeDeprecated)
	}
	if c.bodies && len(c.changes) == before && o.Body != n.Body {
		add(treenav.ChangeBodyChanged)
	}
}

func change(kind string, s Symbol) treenav.SymbolChange {
	return treenav.SymbolChange{
		Change: kind, NodeID: s.NodeID, QualifiedName: s.Qualified, Kind: s.Kind,
		Language: s.Language, Path: s.Path, LineStart: s.Line, Public: s.Public,
	}
}
