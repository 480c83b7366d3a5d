package index

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"
)

// TestCRCCombine: the CRC of two parts combined is the CRC of the whole,
// for lengths around the squaring rounds' boundaries and for both
// polynomials (CRC-32C, which the snapshot uses, and IEEE).
func TestCRCCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 5000)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	for _, tab := range []struct {
		poly uint32
		t    *crc32.Table
	}{{crc32.Castagnoli, castagnoli}, {crc32.IEEE, crc32.IEEETable}} {
		for _, n := range []int{0, 1, 2, 3, 7, 8, 63, 64, 100, 1023, 1024, 4097, 5000} {
			for _, cut := range []int{0, 1, n / 3, n / 2, n - 1, n} {
				if cut < 0 || cut > n {
					continue
				}
				a, b := buf[:cut], buf[cut:n]
				want := crc32.Checksum(buf[:n], tab.t)
				got := crcCombine(tab.poly, crc32.Checksum(a, tab.t), crc32.Checksum(b, tab.t), int64(len(b)))
				if got != want {
					t.Fatalf("poly %#x, %d bytes cut at %d: combined %#x, whole %#x", tab.poly, n, cut, got, want)
				}
			}
		}
	}
}
