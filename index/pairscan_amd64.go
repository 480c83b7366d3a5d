//go:build amd64 && !purego

package index

import "golang.org/x/sys/cpu"

// haveAVX2: pairIndex compares 32 starts at once with AVX2 vector
// instructions (pairscan_amd64.s) where the machine has them.
var haveAVX2 = cpu.X86.HasAVX2

// pairScanAVX2 is implemented in pairscan_amd64.s.
//
//go:noescape
func pairScanAVX2(a, b, c *byte, n int, c1, c2, c3 byte) (off int, mask uint32)
