package index

import "slices"

// narrowCol is a column of uint32 values that are almost all small (a
// reference's line, column and enclosing node: none of GOROOT's or the
// Python library's 3.2 M references has one above 65,534), stored as
// uint16s, 2 bytes a value instead of 4; a value of narrowWide or more is
// marked narrowWide and listed apart, as the positions' long runs are
// (postcols.go).
type narrowCol struct {
	v      []uint16
	wideAt []uint32 // ascending: the indices marked narrowWide
	wide   []uint32 // their values
}

// narrowWide marks a value listed in wide.
const narrowWide = 0xffff

// at is value g.
func (c *narrowCol) at(g uint32) uint32 {
	if x := c.v[g]; x != narrowWide {
		return uint32(x)
	}
	i, ok := slices.BinarySearch(c.wideAt, g)
	if !ok || i >= len(c.wide) {
		return 0 // a forged snapshot
	}
	return c.wide[i]
}

// set sets value g; values are set in ascending order of g.
func (c *narrowCol) set(g, x uint32) {
	if x < narrowWide {
		c.v[g] = uint16(x)
		return
	}
	c.v[g] = narrowWide
	c.wideAt = append(c.wideAt, g)
	c.wide = append(c.wide, x)
}

// narrowCols makes k columns of n values, in one allocation.
func narrowCols(k, n int) []narrowCol {
	all := make([]uint16, k*n)
	cols := make([]narrowCol, k)
	for i := range cols {
		cols[i].v = all[i*n : (i+1)*n : (i+1)*n]
	}
	return cols
}

// write writes the column: the values (u16s), then the wide ones.
func (c *narrowCol) write(w *enc) {
	w.u16s(c.v)
	w.uv(uint64(len(c.wideAt)))
	w.u32s(c.wideAt)
	w.u32s(c.wide)
}

// readNarrow reads what narrowCol.write wrote for n values, in place,
// and checks the wide list (short: ascending, in range, marked).
func readNarrow(r *dec, n int, what string) narrowCol {
	c := narrowCol{v: r.u16s(n)}
	nw := r.count(n)
	c.wideAt, c.wide = r.u32s(nw), r.u32s(nw)
	if r.err != nil {
		return c
	}
	for i, g := range c.wideAt {
		if g >= uint32(n) || i > 0 && g <= c.wideAt[i-1] || c.v[g] != narrowWide {
			r.fail("%s: wide value %d out of order", what, i)
			break
		}
	}
	return c
}
