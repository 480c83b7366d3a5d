//go:build !linux

package index

// stillMapped: outside Linux a snapshot is read into the heap, never
// mapped.
func stillMapped(addr uintptr) bool { return false }
