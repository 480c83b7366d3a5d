package code

import (
	"fmt"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// role is what a capture means to the extractor.
type role uint8

const (
	roleIgnore      role = iota
	roleDefinition       // @definition.<kind>[.<native>]
	roleName             // @name
	roleReceiver         // @receiver
	roleBody             // @body
	roleDoc              // @doc
	roleReparse          // @reparse
	roleModule           // @module
	roleDeclaration      // @declaration
)

type captureInfo struct {
	role   role
	kind   treenav.Kind
	native string
}

// predicate is one precompiled #eq?/#match?/#any-of? test of a pattern.
type predicate struct {
	capture uint32
	negate  bool
	other   int64 // capture compared with, for #eq? @a @b; -1 otherwise
	values  []string
	re      *regexp.Regexp
}

// compiledQuery is a language's query with its captures and predicates
// decoded once, so matching does no string work per match.
type compiledQuery struct {
	q          *sitter.Query
	captures   []captureInfo
	predicates [][]predicate // by pattern index
}

var knownKinds = func() map[string]treenav.Kind {
	m := map[string]treenav.Kind{}
	for _, k := range treenav.Kinds {
		m[string(k)] = k
	}
	return m
}()

func compileQuery(src string, lang *sitter.Language) (*compiledQuery, error) {
	q, err := sitter.NewQuery([]byte(src), lang)
	if err != nil {
		return nil, err
	}
	cq := &compiledQuery{q: q}
	for i := uint32(0); i < q.CaptureCount(); i++ {
		name := q.CaptureNameForId(i)
		info, err := parseCaptureName(name)
		if err != nil {
			return nil, err
		}
		cq.captures = append(cq.captures, info)
	}
	for p := uint32(0); p < q.PatternCount(); p++ {
		var preds []predicate
		for _, steps := range q.PredicatesForPattern(p) {
			pr, err := compilePredicate(q, steps)
			if err != nil {
				return nil, fmt.Errorf("pattern %d: %w", p, err)
			}
			if pr != nil {
				preds = append(preds, *pr)
			}
		}
		cq.predicates = append(cq.predicates, preds)
	}
	return cq, nil
}

func parseCaptureName(name string) (captureInfo, error) {
	switch name {
	case "name":
		return captureInfo{role: roleName}, nil
	case "receiver":
		return captureInfo{role: roleReceiver}, nil
	case "body":
		return captureInfo{role: roleBody}, nil
	case "doc":
		return captureInfo{role: roleDoc}, nil
	case "reparse":
		return captureInfo{role: roleReparse}, nil
	case "module":
		return captureInfo{role: roleModule}, nil
	case "declaration":
		return captureInfo{role: roleDeclaration}, nil
	}
	rest, ok := strings.CutPrefix(name, "definition.")
	if !ok {
		// Helper captures (used only by predicates) start with "_".
		if strings.HasPrefix(name, "_") {
			return captureInfo{}, nil
		}
		return captureInfo{}, fmt.Errorf("unknown capture @%s", name)
	}
	kindName, native, _ := strings.Cut(rest, ".")
	k, ok := knownKinds[kindName]
	if !ok {
		return captureInfo{}, fmt.Errorf("capture @%s: kind %q is not in the vocabulary", name, kindName)
	}
	return captureInfo{role: roleDefinition, kind: k, native: native}, nil
}

func compilePredicate(q *sitter.Query, steps []sitter.QueryPredicateStep) (*predicate, error) {
	// The last step is the "done" marker.
	if n := len(steps); n > 0 && steps[n-1].Type == sitter.QueryPredicateStepTypeDone {
		steps = steps[:n-1]
	}
	if len(steps) < 2 || steps[0].Type != sitter.QueryPredicateStepTypeString {
		return nil, fmt.Errorf("malformed predicate")
	}
	op := q.StringValueForId(steps[0].ValueId)
	if steps[1].Type != sitter.QueryPredicateStepTypeCapture {
		return nil, fmt.Errorf("#%s: first argument must be a capture", op)
	}
	p := &predicate{capture: steps[1].ValueId, other: -1}
	args := steps[2:]
	switch op {
	case "eq?", "not-eq?":
		p.negate = op == "not-eq?"
		if len(args) != 1 {
			return nil, fmt.Errorf("#%s takes two arguments", op)
		}
		if args[0].Type == sitter.QueryPredicateStepTypeCapture {
			p.other = int64(args[0].ValueId)
		} else {
			p.values = []string{q.StringValueForId(args[0].ValueId)}
		}
	case "match?", "not-match?":
		p.negate = op == "not-match?"
		if len(args) != 1 || args[0].Type != sitter.QueryPredicateStepTypeString {
			return nil, fmt.Errorf("#%s takes a capture and a regular expression", op)
		}
		re, err := regexp.Compile(q.StringValueForId(args[0].ValueId))
		if err != nil {
			return nil, fmt.Errorf("#%s: %w", op, err)
		}
		p.re = re
	case "any-of?", "not-any-of?":
		p.negate = op == "not-any-of?"
		for _, a := range args {
			if a.Type != sitter.QueryPredicateStepTypeString {
				return nil, fmt.Errorf("#%s takes strings after the capture", op)
			}
			p.values = append(p.values, q.StringValueForId(a.ValueId))
		}
	default:
		// Directives such as #set! carry no test.
		return nil, nil
	}
	return p, nil
}

// accept reports whether a match satisfies its pattern's predicates.
func (cq *compiledQuery) accept(m *sitter.QueryMatch, src []byte) bool {
	preds := cq.predicates[m.PatternIndex]
	for i := range preds {
		if !preds[i].test(m, src) {
			return false
		}
	}
	return true
}

func (p *predicate) test(m *sitter.QueryMatch, src []byte) bool {
	text, ok := captureText(m, p.capture, src)
	if !ok {
		// A predicate on an absent optional capture does not filter.
		return true
	}
	var r bool
	switch {
	case p.re != nil:
		// On the bytes: a #match? on a large node (a macro body) costs
		// no copy of its text.
		r = p.re.Match(text)
	case p.other >= 0:
		other, ok := captureText(m, uint32(p.other), src)
		r = ok && string(other) == string(text)
	default:
		for _, v := range p.values {
			if v == string(text) {
				r = true
				break
			}
		}
	}
	return r != p.negate
}

func captureText(m *sitter.QueryMatch, id uint32, src []byte) ([]byte, bool) {
	for _, c := range m.Captures {
		if c.Index == id {
			return src[c.Node.StartByte():c.Node.EndByte()], true
		}
	}
	return nil, false
}
