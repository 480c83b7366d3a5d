package index

import (
	"encoding/binary"
	"unsafe"
)

// Tables read in place. A snapshot stores a segment's largest tables (the
// postings columns, the positions bytes, the trigram postings) as
// little-endian arrays at file offsets that are multiples of tableAlign,
// so that a load can use them where they lie, in the mapping of the file
// (snapfile_linux.go) or in the bytes read from it (snapfile_other.go),
// instead of decoding them into the heap. The mapping is page aligned, so
// an aligned file offset is an aligned address.

// tableAlign is the alignment of a table read in place, in file offsets.
const tableAlign = 8

// nativeLittle reports whether this machine stores integers little-endian,
// as the snapshot does: only then can a table be read in place.
var nativeLittle = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// align pads the output with zeros to a multiple of tableAlign.
func (e *enc) align() {
	var zero [tableAlign]byte
	if pad := -e.n & (tableAlign - 1); pad > 0 {
		e.raw(zero[:pad])
	}
}

// u32s writes an aligned table of little-endian uint32s (its length is
// the reader's to know).
func (e *enc) u32s(xs []uint32) {
	writeRecs(e, xs, 4, nativeLittle, func(b []byte, x *uint32) []byte { return binary.LittleEndian.AppendUint32(b, *x) })
}

// align skips the padding enc.align wrote: d.base is the file offset of
// d.b[0].
func (d *dec) align() {
	pad := -(d.base + d.off) & (tableAlign - 1)
	if pad > 0 {
		d.raw(pad)
	}
}

// u32s reads a table of n uint32s written by enc.u32s: in place when the
// machine and the address allow (always on little-endian machines, whose
// snapshot bytes are page or heap-object aligned), decoded otherwise.
// The table in place is read only: nothing may write to it.
func (d *dec) u32s(n int) []uint32 { return readTable[uint32](d, n, "uint32s") }

// readTable reads a table of n little-endian values written by enc.u32s
// or enc.u16s: in place when the machine and the address allow, decoded
// otherwise; what names them in an error.
func readTable[T uint16 | uint32](d *dec, n int, what string) []T {
	size := int(unsafe.Sizeof(T(0)))
	return readRecs(d, n, size, nativeLittle, func(b []byte, x *T) {
		var v uint32
		for k := size - 1; k >= 0; k-- {
			v = v<<8 | uint32(b[k])
		}
		*x = T(v)
	}, what)
}

// bytesInPlace reads n bytes and returns them where they lie, capacity
// cut to n (an append copies rather than writing into the snapshot).
func (d *dec) bytesInPlace(n int) []byte {
	b := d.raw(n)
	if b == nil {
		return nil
	}
	d.inPlace += n
	return b[:n:n]
}
