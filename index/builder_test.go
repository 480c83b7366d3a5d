package index

import (
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// indexByTokens is what segmentBuilder.index does, written token by token
// over tokenize: the reference the word cache must match.
func (b *segmentBuilder) indexByTokens(text []byte, pos int, compounds bool, node uint32, f treenav.Field) int {
	lens := &b.lens[node]
	return analysis.Tokenize(text, pos, compounds, &b.abuf, func(k analysis.TokenKind, key []byte, p, _, _ int) {
		if t := b.termBufFor(k, key); t != nil {
			b.addTerm(t, node, f, uint32(p))
			lens[f] = min(lens[f]+1, 65535)
		}
	})
}

// TestBuilderIndexMatchesTokenize checks that indexing through the word
// cache, and a path through resolvePath and indexPath, give the segment
// tokenize gives: same terms, postings, positions and field lengths, with
// the cache on and once it is full.
func TestBuilderIndexMatchesTokenize(t *testing.T) {
	var texts [][]byte
	for _, s := range []string{
		"getUserToken HTTPServer read_file utf8 sha256sum __init__ ___ _in x_1",
		"signing out, logged in; roll\tback\nshut down  up Log in LOG OUT set up the up",
		"123 in a1 in _in in in out x in ab in naïve Über ĞüzelIn out Straße up",
		strings.Repeat("a", 80) + " in " + strings.Repeat("Ab", 40) + " back",
		"aAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaA a_b_c_d_e_f_g_h_i_j_k_l_m_n_o_p_q_r_s",
		"fooFoo foo_foo FooFOO the of and on off over 0 00 9x x9 über9 ÉTÉ",
		"white space, File Name file-name time\tstamp name space sign in back end name",
	} {
		texts = append(texts, []byte(s))
	}
	rng := rand.New(rand.NewSource(1))
	pieces := strings.Fields("in out up down back on off over log sign get User HTTP _ 9 the a é Ü x42 read File name Space end white")
	seps := []string{" ", "  ", "\t", "\n", ", ", "_", "", ".", "-"}
	for range 300 {
		var sb strings.Builder
		for range rng.Intn(40) {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
			sb.WriteString(seps[rng.Intn(len(seps))])
		}
		texts = append(texts, []byte(sb.String()))
	}
	// Real text: this repository's code and docs.
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(texts) > 2000 {
			return nil
		}
		if ext := filepath.Ext(p); ext == ".go" || ext == ".md" || ext == ".py" || ext == ".ts" {
			if src, err := os.ReadFile(p); err == nil {
				texts = append(texts, src)
			}
		}
		return nil
	})

	for _, limit := range []int{1 << 20, 50} {
		saved := maxCachedWords
		maxCachedWords = limit
		want, got := newSegmentBuilder(), newSegmentBuilder()
		for i, text := range texts {
			for _, b := range []*segmentBuilder{want, got} {
				b.nodes = append(b.nodes, nodeRec{})
				b.lens = append(b.lens, [treenav.NumFields]uint16{})
			}
			node := uint32(i)
			for _, compounds := range []bool{false, true} {
				f := treenav.FieldCode
				if compounds {
					f = treenav.FieldDescription
				}
				pw := want.indexByTokens(text, 3, compounds, node, f)
				pg := got.index(text, 3, compounds, node, f)
				if pw != pg {
					t.Fatalf("text %d: next position %d, want %d", i, pg, pw)
				}
			}
			// A document's path: resolved once, added to each node.
			want.indexByTokens(text, 5, false, node, treenav.FieldPath)
			got.resolvePath(text)
			got.indexPath(5, node)
			want.flushNode(node)
			got.flushNode(node)
		}
		maxCachedWords = saved
		sw, sg := want.finish(), got.finish()
		if !reflect.DeepEqual(sw.terms, sg.terms) {
			t.Fatalf("limit %d: terms differ (%d vs %d)", limit, sg.terms.n(), sw.terms.n())
		}
		for name, pair := range map[string][2]any{
			"termPost": {sw.termPost, sg.termPost}, "postData": {sw.postData, sg.postData}, "postBlk": {sw.postBlk, sg.postBlk},
			"postTF": {sw.postTF, sg.postTF}, "postPos": {sw.postPos, sg.postPos},
			"pos": {sw.pos, sg.pos}, "nodes": {sw.nodes, sg.nodes}, "fieldLen": {sw.fieldLen, sg.fieldLen},
			"norms": {sw.norms, sg.norms},
		} {
			if !reflect.DeepEqual(pair[0], pair[1]) {
				t.Errorf("limit %d: %s differs", limit, name)
			}
		}
	}
}
