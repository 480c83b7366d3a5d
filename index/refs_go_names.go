package index

import (
	"slices"
	"sync"
)

// goNames is, for one name, the live Go definitions so called, grouped the
// ways Go resolution looks them up: by collection, directory and
// qualified name (members, pkgLevel), and the members by collection
// (anyMembers). Each list keeps the order of refQuery.named. Built once a
// name per view (views are immutable): a method name as common as String
// has hundreds of definitions and thousands of references, and each
// reference scanned every definition.
type goNames struct {
	byKey   map[string][]nodeRef // collection "\x00" dir "\x00" qualified name
	pkg     map[string][]nodeRef // collection "\x00" dir: package-level (not members)
	members map[string][]nodeRef // collection: members
	// group numbers the definitions whose byKey list holds others (the
	// same name defined in several files of one package, per platform):
	// one number a list.
	group map[nodeRef]int32
}

// goNameTable holds a view's goNames.
type goNameTable struct {
	mu sync.Mutex
	m  map[string]*goNames
}

func (q *refQuery) goNamed(name string) *goNames {
	t := &q.v.refCache.goNames
	t.mu.Lock()
	x, ok := t.m[name]
	t.mu.Unlock()
	if ok {
		return x
	}
	x = &goNames{byKey: map[string][]nodeRef{}, pkg: map[string][]nodeRef{}, members: map[string][]nodeRef{}}
	for _, c := range q.named(name) {
		_, n, d := q.node(c)
		if d.Language != "go" {
			continue
		}
		dir := d.Collection + "\x00" + goPkgDir(d)
		k := dir + "\x00" + qualifiedName(n)
		x.byKey[k] = append(x.byKey[k], c)
		if isMember(n) {
			x.members[d.Collection] = append(x.members[d.Collection], c)
		} else {
			x.pkg[dir] = append(x.pkg[dir], c)
		}
	}
	for k, l := range x.members {
		x.members[k] = slices.Clip(l)
	}
	for k, l := range x.byKey {
		x.byKey[k] = slices.Clip(l)
	}
	for k, l := range x.pkg {
		x.pkg[k] = slices.Clip(l)
	}
	x.group = map[nodeRef]int32{}
	for _, l := range x.byKey {
		if len(l) > 1 {
			g := int32(len(x.group))
			for _, c := range l {
				x.group[c] = g
			}
		}
	}
	t.mu.Lock()
	if t.m == nil {
		t.m = map[string]*goNames{}
	}
	t.m[name] = x
	t.mu.Unlock()
	return x
}
