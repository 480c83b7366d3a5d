package index

import "github.com/treenav/treenav"

// Interfaces, by method sets: a Go type implements an interface of the
// index when it has a method of each name the interface declares (its
// own methods; embedded interfaces and promoted methods are not followed,
// and signatures are not compared).

// ifaceOf is the interface a method is declared in, if it is.
func (q *refQuery) ifaceOf(m nodeRef) (nodeRef, bool) {
	s, n, _ := q.node(m)
	if n.kind() != treenav.KindMethod || n.parent < 0 {
		return nodeRef{}, false
	}
	p := s.node(uint32(n.parent))
	if p.kind() != treenav.KindInterface {
		return nodeRef{}, false
	}
	return nodeRef{m.seg, uint32(n.parent)}, true
}

// ifaceMethods are the names of the methods an interface node declares.
func (q *refQuery) ifaceMethods(iface nodeRef) []string {
	s := q.v.segs[iface.seg]
	var names []string
	for c := iface.node + 1; c < s.nodes[iface.node].end; c++ {
		if nm := s.node(c); int32(iface.node) == nm.parent && nm.kind() == treenav.KindMethod {
			names = append(names, nm.name())
		}
	}
	return names
}

// hasMethods: the type named typ in the package of d has every method.
func (q *refQuery) hasMethods(d *docMeta, typ string, names []string) bool {
	sc := goScope{d.Collection, goPkgDir(d)}
	for _, m := range names {
		if len(q.members(sc, typ, m)) == 0 {
			return false
		}
	}
	return true
}

// implemented are the interface methods a concrete Go method implements.
func (q *refQuery) implemented(t nodeRef) []nodeRef {
	_, n, d := q.node(t)
	if d.Language != "go" || n.kind() != treenav.KindMethod {
		return nil
	}
	if _, isIface := q.ifaceOf(t); isIface {
		return nil
	}
	qn := qualifiedName(n)
	typ := qn[:len(qn)-len(n.name())-1]
	var out []nodeRef
	for _, c := range q.named(n.name()) {
		iface, ok := q.ifaceOf(c)
		if !ok {
			continue
		}
		if _, _, cd := q.node(c); cd.Language != "go" || cd.Collection != d.Collection {
			continue
		}
		if q.hasMethods(d, typ, q.ifaceMethods(iface)) {
			out = append(out, c)
		}
	}
	return out
}

// implementations are the concrete methods that implement an interface
// method t (nil when t is not one).
func (q *refQuery) implementations(t nodeRef) []nodeRef {
	iface, ok := q.ifaceOf(t)
	if !ok {
		return nil
	}
	_, n, d := q.node(t)
	names := q.ifaceMethods(iface)
	var out []nodeRef
	for _, c := range q.named(n.name()) {
		_, cn, cd := q.node(c)
		if c == t || cn.kind() != treenav.KindMethod || cd.Language != "go" || cd.Collection != d.Collection {
			continue
		}
		if _, isIface := q.ifaceOf(c); isIface {
			continue
		}
		qn := qualifiedName(cn)
		if len(qn) <= len(cn.name()) {
			continue
		}
		if q.hasMethods(cd, qn[:len(qn)-len(cn.name())-1], names) {
			out = append(out, c)
		}
	}
	return out
}
