package index

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// A literalFinder finds a literal in text by its rarest byte: it skips
// with bytes.IndexByte (vectorized) to each occurrence of that byte and
// compares the literal around it. bytes.Index skips to the literal's
// first byte, which in code is often among the most common ("c" of
// context.Context, "s" of self.assert): every one of those stops the
// vector loop. This is ripgrep's rare-byte heuristic, by a table of byte
// frequencies in source code. When that byte turns out common in the
// text (the c of "class "), stopping at each one costs more than reading
// on: the finder then compares two bytes of the literal at once, eight
// positions at a time (pairIndex).
type literalFinder struct {
	lit  []byte
	rare int  // offset of the rarest byte in lit
	b    byte // lit[rare]
	// The pair: the bytes at offsets i1 < i2, the rarest two, each
	// repeated over a word.
	i1, i2 int
	m1, m2 uint64
	// i3 is a third byte's offset (i2 in a literal of two), which the
	// vector loop compares too: its flags are three bytes in place,
	// rarely a start that is not the literal.
	i3 int
	// pairs: even the rarest byte is common in code (commonRank):
	// read by pairs from the start, not after eight stops.
	pairs bool
}

// newLiteralFinder returns the finder of lit (not empty).
func newLiteralFinder(lit []byte) *literalFinder {
	f := &literalFinder{lit: lit}
	for i, c := range lit {
		if byteRank[c] < byteRank[f.b] || i == 0 {
			f.rare, f.b = i, c
		}
	}
	best := -1
	for i := range lit {
		for j := i + 1; j < len(lit); j++ {
			if r := int(byteRank[lit[i]]) + int(byteRank[lit[j]]); best < 0 || r < best {
				best, f.i1, f.i2 = r, i, j
			}
		}
	}
	// The third byte: the one farthest from the pair, which its
	// context least predicts (the t of "self.assert", where the s of
	// "self." is in place wherever its pair "f." is).
	f.i3 = f.i2
	dist := func(i int) int { return min(abs(i-f.i1), abs(i-f.i2)) }
	for i := range lit {
		if i != f.i1 && i != f.i2 && (f.i3 == f.i2 || dist(i) > dist(f.i3)) {
			f.i3 = i
		}
	}
	f.m1 = uint64(lit[f.i1]) * ones
	f.m2 = uint64(lit[f.i2]) * ones
	f.pairs = len(lit) > 1 && byteRank[f.b] >= commonRank
	return f
}

// stopGap: when the rare byte stops the search every stopGap bytes or
// more often, pairs are read instead. A stop costs about 10 ns (a call of
// bytes.IndexByte, a compare); by pairs the vector loop reads 9-25 GB/s
// and the word loop 3.5-4.6, so the pairs win below about 200 bytes a
// stop with AVX2 and 48 without.
var stopGap = func() int {
	if haveAVX2 {
		return 192
	}
	return 48
}()

// commonRank is the byteRank from which a byte is so common in code
// that stopping at each costs more than reading by pairs: the 31 most
// common, space, tab, newline, 18 lowercase letters, 0, 1 and
// " ( ) , . : = _.
const commonRank = 225

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// index is the offset of the literal's first occurrence in hay, or -1.
func (f *literalFinder) index(hay []byte) int {
	n := len(f.lit)
	if n == 1 {
		return bytes.IndexByte(hay, f.b)
	}
	if f.pairs {
		if len(hay) <= 64 {
			// The rest of a line, mostly: the runtime's brute force
			// compares a whole short haystack in vector registers.
			return bytes.Index(hay, f.lit)
		}
		return f.pairIndex(hay)
	}
	// The rare byte of an occurrence at s is at s+rare; an occurrence
	// ends by len(hay), so the rare byte lies before len(hay)-n+rare+1.
	end := len(hay) - n + f.rare + 1
	fails := 0
	for at := f.rare; at < end; {
		j := bytes.IndexByte(hay[at:end], f.b)
		if j < 0 {
			return -1
		}
		s := at + j - f.rare
		if bytes.Equal(hay[s:s+n], f.lit) {
			return s
		}
		at += j + 1
		// A stop every stopGap bytes or more often: read on by pairs.
		if fails++; fails >= 8 && fails*stopGap > at {
			if i := f.pairIndex(hay[s+1:]); i >= 0 {
				return s + 1 + i
			}
			return -1
		}
	}
	return -1
}

// pairIndex is index by the pair: for eight starts at a time, whether
// both bytes of the pair are in place (a zero byte of the words XORed
// with the pair, found by the usual carry trick, which may flag a byte
// above a real zero but never misses one), each flagged start then
// compared whole. Four words are tested a round, and their flags looked
// at only when one is set: 3.5-4.6 GB/s on lowercased Go source
// (BenchmarkPairIndex), the loop that most of a selective grep's time is
// spent in. Where the machine has AVX2, a vector loop (pairscan_amd64.s)
// compares the pair and a third byte 32 starts at a time: 9-25 GB/s on
// the same text, and 11 GB/s for "self.assert" in Python's stdlib, where
// the words read 2.7-4.1. A grep reads its files from memory and gains
// less (a fifth to a quarter on the patterns the scan bounds). A stop of
// the vector loop (a flagged block, a call) costs about 10 ns, so the
// loop starts at once and runs to the end however often the pair is
// found where the literal is not.
func (f *literalFinder) pairIndex(hay []byte) int {
	n := len(f.lit)
	last := len(hay) - n // the last start
	i1, i2, m1, m2 := f.i1, f.i2, f.m1, f.m2
	le := binary.LittleEndian
	p := 0
	if haveAVX2 && last >= 63 {
		// The vector loop runs to the first block of 32 starts that
		// holds a flagged one, whose starts are compared whole here.
		i3 := f.i3
		c1, c2, c3 := f.lit[i1], f.lit[i2], f.lit[i3]
		for {
			n32 := (last + 1 - p) &^ 31
			if n32 == 0 {
				break
			}
			off, mask := pairScanAVX2(&hay[p+i1], &hay[p+i2], &hay[p+i3], n32, c1, c2, c3)
			if off < 0 {
				p += n32
				break
			}
			for ; mask != 0; mask &= mask - 1 {
				if s := p + off + bits.TrailingZeros32(mask); bytes.Equal(hay[s:s+n], f.lit) {
					return s
				}
			}
			p += off + 32
		}
	}
	s, p := f.pairWords(hay, p)
	if s >= 0 {
		return s
	}
	for ; p <= last-8 && p+i2+8 <= len(hay); p += 8 {
		v := (le.Uint64(hay[p+i1:]) ^ m1) | (le.Uint64(hay[p+i2:]) ^ m2)
		for z := (v - ones) &^ v & highs; z != 0; z &= z - 1 {
			if s := p + bits.TrailingZeros64(z)/8; bytes.Equal(hay[s:s+n], f.lit) {
				return s
			}
		}
	}
	for ; p <= last; p++ {
		if hay[p+i1] == f.lit[i1] && bytes.Equal(hay[p:p+n], f.lit) {
			return p
		}
	}
	return -1
}

// pairWords is pairIndex's word loop over the starts from p, 32 a round:
// the first occurrence, or -1 and the start it stopped at.
func (f *literalFinder) pairWords(hay []byte, p int) (int, int) {
	n := len(f.lit)
	last := len(hay) - n
	i1, i2, m1, m2 := f.i1, f.i2, f.m1, f.m2
	le := binary.LittleEndian
	for ; p+32 <= last && p+i2+32 <= len(hay); p += 32 {
		b1, b2 := hay[p+i1:p+i1+32], hay[p+i2:p+i2+32]
		v0 := (le.Uint64(b1) ^ m1) | (le.Uint64(b2) ^ m2)
		v1 := (le.Uint64(b1[8:]) ^ m1) | (le.Uint64(b2[8:]) ^ m2)
		v2 := (le.Uint64(b1[16:]) ^ m1) | (le.Uint64(b2[16:]) ^ m2)
		v3 := (le.Uint64(b1[24:]) ^ m1) | (le.Uint64(b2[24:]) ^ m2)
		z0 := (v0 - ones) &^ v0 & highs
		z1 := (v1 - ones) &^ v1 & highs
		z2 := (v2 - ones) &^ v2 & highs
		z3 := (v3 - ones) &^ v3 & highs
		if z0|z1|z2|z3 == 0 {
			continue
		}
		for k, z := range [4]uint64{z0, z1, z2, z3} {
			for ; z != 0; z &= z - 1 {
				if s := p + 8*k + bits.TrailingZeros64(z)/8; bytes.Equal(hay[s:s+n], f.lit) {
					return s, p
				}
			}
		}
	}
	return -1, p
}

// byteRank orders bytes by how often they occur in source code (0 the
// rarest, 255 the most common: the space), counted over Go's and
// Python's standard libraries. Bytes of UTF-8 multi-byte sequences rank
// low: code is mostly ASCII.
var byteRank = [256]uint8{
	0, 26, 1, 2, 3, 4, 5, 25, 6, 240, 247, 7, 8, 165, 48, 49,
	9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 47, 20, 21, 22, 23,
	255, 172, 230, 185, 163, 169, 166, 219, 233, 232, 196, 181, 244, 212, 234, 221,
	242, 226, 223, 216, 213, 202, 211, 194, 205, 195, 229, 167, 174, 225, 183, 160,
	161, 215, 188, 206, 198, 214, 189, 184, 177, 207, 162, 173, 193, 192, 197, 199,
	200, 168, 210, 220, 217, 182, 187, 178, 186, 171, 164, 191, 201, 190, 158, 231,
	180, 250, 224, 243, 241, 254, 239, 228, 227, 248, 175, 208, 245, 236, 249, 246,
	237, 179, 252, 251, 253, 238, 218, 209, 235, 222, 176, 204, 170, 203, 156, 24,
	154, 143, 149, 138, 120, 132, 121, 125, 141, 114, 113, 95, 103, 76, 144, 126,
	106, 115, 82, 104, 153, 134, 136, 109, 107, 131, 80, 79, 129, 137, 97, 150,
	102, 100, 93, 87, 127, 123, 101, 112, 98, 124, 88, 84, 99, 91, 92, 81,
	86, 117, 110, 111, 89, 94, 83, 155, 147, 135, 90, 96, 133, 108, 119, 77,
	51, 43, 157, 142, 69, 70, 52, 61, 57, 66, 65, 56, 74, 63, 148, 105,
	152, 130, 53, 55, 54, 62, 75, 122, 139, 140, 59, 60, 50, 37, 44, 45,
	146, 128, 159, 145, 73, 116, 118, 85, 78, 71, 68, 64, 67, 58, 34, 72,
	151, 41, 39, 46, 28, 31, 32, 35, 40, 33, 42, 36, 38, 30, 29, 27,
}
