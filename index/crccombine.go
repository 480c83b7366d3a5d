package index

// crcCombine returns the CRC-32 of a‖b from crcA, the CRC of a, crcB,
// the CRC of b, and b's length (zlib's crc32_combine): appending n zero
// bits to a message multiplies its CRC register by a fixed matrix over
// GF(2), and the matrix for n bits is found by repeated squaring. poly is
// the reflected polynomial (crc32.Castagnoli for the snapshot's CRC-32C).
// It lets a load checksum a snapshot's parts side by side.
func crcCombine(poly, crcA, crcB uint32, lenB int64) uint32 {
	if lenB <= 0 {
		return crcA
	}
	var odd, even [32]uint32
	odd[0] = poly // one zero bit
	for n, row := 1, uint32(1); n < 32; n, row = n+1, row<<1 {
		odd[n] = row
	}
	gf2Square(&even, &odd) // two zero bits
	gf2Square(&odd, &even) // four
	// Each round squares the operator (first to one zero byte) and
	// applies it for the set bits of lenB, in bytes.
	for {
		gf2Square(&even, &odd)
		if lenB&1 != 0 {
			crcA = gf2Times(&even, crcA)
		}
		if lenB >>= 1; lenB == 0 {
			break
		}
		gf2Square(&odd, &even)
		if lenB&1 != 0 {
			crcA = gf2Times(&odd, crcA)
		}
		if lenB >>= 1; lenB == 0 {
			break
		}
	}
	return crcA ^ crcB
}

// gf2Times is the 32×32 bit matrix mat times vec.
func gf2Times(mat *[32]uint32, vec uint32) uint32 {
	var sum uint32
	for i := 0; vec != 0; i, vec = i+1, vec>>1 {
		if vec&1 != 0 {
			sum ^= mat[i]
		}
	}
	return sum
}

// gf2Square sets square to mat × mat.
func gf2Square(square, mat *[32]uint32) {
	for n := range mat {
		square[n] = gf2Times(mat, mat[n])
	}
}
