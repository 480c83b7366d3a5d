//go:build !amd64 || purego

package index

// haveAVX2 is false: pairIndex reads by 64-bit words alone.
const haveAVX2 = false

func pairScanAVX2(a, b, c *byte, n int, c1, c2, c3 byte) (off int, mask uint32) {
	panic("pairScanAVX2 without AVX2")
}
