package index

import (
	"regexp/syntax"
	"slices"
)

// Word ends. A -w grep's match is followed by a character that is not a
// word's (or by the line's end, which the trigram index reads as a
// newline: gramBuilder.add), so when every match of the pattern ends in
// two known bytes, the last a word's, a unit that can hold a match holds
// one of the trigrams those two bytes make with such a character. On
// Python's standard library, `self.assert -w` (one match) had 14 MB of
// candidate text in the units holding "self.assert", whose thousands of
// self.assertEqual( and the like all go on with a letter; 4 MB of those
// units hold "rt" before another character. The start of a match is not
// used alike: the bytes before a word are a space, a dot or an opening
// bracket in nearly every unit.

// wordFollowers are the bytes that can follow a word's end: the ASCII
// bytes of no word (isWordRune), and every byte of 0x80 or more, whose
// rune may be a word's or not (a trigram that may not occur costs a
// lookup; one left out would lose matches).
var wordFollowers = func() []byte {
	var out []byte
	for c := 0; c < 256; c++ {
		if c >= 0x80 || !isWordRune(rune(c)) {
			out = append(out, byte(c))
		}
	}
	return out
}()

// maxWordEndKeys bounds the trigrams wordEndQuery asks for.
const maxWordEndKeys = 4 * 193

// narrowFrom is how many candidate units a segment must have left for
// its grep to read a narrowing query (gramQuery.narrows): looking up
// its 193 or more lists took 0.05-0.15 ms, about the scan of 256 units.
var narrowFrom = 256

// wordEndQuery is what a -w grep's units must hold besides the pattern's
// own trigrams (gramQueryOf): one of the trigrams of the last two bytes
// of a match and a byte that may follow a word. nil when that says
// nothing: a match may end in fewer than two known bytes or in a byte
// that is not a word's, or it would take too many trigrams to say.
func wordEndQuery(re *syntax.Regexp) *gramQuery {
	if _, wide := stripWide(re); wide {
		return nil // a Kelvin sign or long s spelling: not worth it
	}
	info := analyzeAnchored(re)
	if info.canEmpty {
		return nil
	}
	ends := info.exact
	if ends == nil {
		ends = info.suffix
	}
	if len(ends) == 0 || len(ends)*len(wordFollowers) > maxWordEndKeys {
		return nil
	}
	keys := make([]uint32, 0, len(ends)*len(wordFollowers))
	for _, e := range ends {
		if len(e) < 2 || e[len(e)-1] >= 0x80 || !isWordRune(rune(e[len(e)-1])) {
			return nil
		}
		a, b := e[len(e)-2], e[len(e)-1]
		for _, c := range wordFollowers {
			keys = append(keys, gramKey(a, b, c))
		}
	}
	slices.Sort(keys)
	return &gramQuery{op: gramOr, grams: slices.Compact(keys), narrows: true}
}
