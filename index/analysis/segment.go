package analysis

import (
	_ "embed"
	"math"
	"strconv"
	"strings"
	"sync"
)

// Names run together (issue 28): Python's and C's libraries name their
// functions gettempdir, splitext, isdir, rmtree and token_urlsafe where
// Go and Java write TempDir and IsDir. Nothing marks where their words
// meet, so "temporary directory" and "file extension" never met them.
// The indexer splits such a name into the words of a software vocabulary
// (vocab.txt: the word parts of Go's and the JDK's sources, where
// camelCase marks them, with how many files each is in) and indexes each
// piece in the name's title at the name's position, beside the name
// itself: splitext is found by split, by ext (an abbreviation of
// extension) and as splitext.
//
// Only a code symbol's name is split (NamePieces): prose has words the
// vocabulary lacks ("consent", "incident"), and what pieces they would
// make (con sent, inc ident) only add noise. A name is split only when
// its pieces are far more common than it is: the geometric mean of their
// file counts at least segRatio times its own. basename (27 files) splits
// into base (1,857) and name (4,275); getcwd (153) stays whole, its cwd
// (60) too rare beside it; leader (12) stays whole against lea (125) and
// der (224). A name that is an inflection of a vocabulary word (acting,
// limits) is not split; a piece is a word in segMinFiles files or more
// (not ing, 31) or one of a few two-letter words. Queries are not split:
// their words are the user's, and a query that names splitext matches it
// whole.

//go:embed vocab.txt
var vocabText string

var (
	vocabOnce sync.Once
	vocab     map[string]int32
)

const (
	segMinLen    = 5  // shorter words are left whole
	segMaxLen    = 24 // longer ones too: no name a question spells
	segMaxPieces = 3
	segMinFiles  = 50 // a piece's least file count in the vocabulary
	segRatio     = 20
)

// shortPieces are the two-letter words a piece may be: other two-letter
// runs (ed, er, es, un) are endings and prefixes, not words, and to and
// at begin too many words (today, topic, attr).
var shortPieces = wordSet(`is in on by of rm mk os io fd id ip db fs ok up no`)

func loadVocab() {
	vocab = make(map[string]int32, 21000)
	for _, line := range strings.Split(vocabText, "\n") {
		w, n, ok := strings.Cut(line, " ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		if c, err := strconv.Atoi(n); err == nil {
			vocab[w] = int32(c)
		}
	}
}

// segCache memoizes Segment per word, as stemCache does stems.
var segCache = newMemo[[]uint8]()

// Segment returns where the pieces of a run-together lowercase word end
// ("gettempdir": 3, 7, 10), or nil when it is left whole. The result is
// shared: do not modify it.
func Segment(w []byte) []uint8 {
	if len(w) < segMinLen || len(w) > segMaxLen {
		return nil
	}
	for _, c := range w {
		if c < 'a' || c > 'z' {
			return nil
		}
	}
	ends, ok := segCache.get(string(w))
	if ok {
		return ends
	}
	vocabOnce.Do(loadVocab)
	if st := Stem(string(w)); st != string(w) && vocab[st] >= segMinFiles {
		ends = nil // an inflection of a word: acting, limits
	} else {
		ends = splitRun(string(w))
	}
	segCache.put(string(w), ends)
	return ends
}

// splitRun splits w into the fewest vocabulary words (2 to segMaxPieces)
// whose file counts have a geometric mean at least segRatio times w's
// own, the split with the greatest such mean among them.
func splitRun(w string) []uint8 {
	n := len(w)
	// best[k][i]: the greatest sum of log counts of w[:i] in k pieces
	// (-Inf: none); from[k][i]: where its last piece starts.
	var best [segMaxPieces + 1][segMaxLen + 1]float64
	var from [segMaxPieces + 1][segMaxLen + 1]uint8
	for k := range best {
		for i := range best[k] {
			best[k][i] = math.Inf(-1)
		}
	}
	best[0][0] = 0
	for k := 1; k <= segMaxPieces; k++ {
		for i := 0; i < n; i++ {
			if math.IsInf(best[k-1][i], -1) {
				continue
			}
			for j := i + 2; j <= n; j++ {
				c := pieceCount(w[i:j])
				if c == 0 {
					continue
				}
				if s := best[k-1][i] + math.Log(float64(c)); s > best[k][j] {
					best[k][j], from[k][j] = s, uint8(i)
				}
			}
		}
	}
	// The fewest pieces first: normpath is norm and path, not no, rm
	// and path, however common no and rm are.
	bestK := 0
	for k := 2; k <= segMaxPieces && bestK == 0; k++ {
		if best[k][n]/float64(k) >= math.Log(segRatio*float64(max(vocab[w], 1))) {
			bestK = k
		}
	}
	if bestK == 0 {
		return nil
	}
	ends := make([]uint8, bestK)
	for k, i := bestK, n; k > 0; k-- {
		ends[k-1] = uint8(i)
		i = int(from[k][i])
	}
	return ends
}

// pieceCount is a piece's file count, 0 when it may not be a piece.
func pieceCount(p string) int32 {
	if len(p) == 2 && !shortPieces[p] {
		return 0
	}
	if c := vocab[p]; c >= segMinFiles {
		return c
	}
	return 0
}

// NamePieces calls emit with the pieces of a name's run-together parts
// (Segment), each with the position its part has when the name is read
// from pos (as Tokenize counts them) and its byte range in name.
func NamePieces(name []byte, pos int, emit func(piece []byte, pos, start, end int)) {
	var parts [16][2]int
	var lw [segMaxLen]byte
	for i := 0; ; {
		start, end := NextWord(name, i)
		if start == end {
			return
		}
		i = end
		word := name[start:end]
		if len(word) > MaxTermLen {
			pos++
			continue
		}
		n := SplitParts(word, parts[:])
		for p := 0; p < n; p++ {
			a, b := parts[p][0], parts[p][1]
			if b-a < segMinLen || b-a > segMaxLen {
				continue
			}
			key := AppendLower(lw[:0], word[a:b])
			s := 0
			for _, e := range Segment(key) {
				emit(key[s:e], pos+p, start+a+s, start+a+int(e))
				s = int(e)
			}
		}
		pos += n
	}
}
