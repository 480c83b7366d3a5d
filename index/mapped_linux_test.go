package index

import (
	"os"
	"syscall"
	"unsafe"
)

// stillMapped reports whether the page holding addr is mapped (mincore
// answers ENOMEM for an address outside every mapping).
func stillMapped(addr uintptr) bool {
	page := uintptr(os.Getpagesize())
	var vec [1]byte
	_, _, e := syscall.Syscall(syscall.SYS_MINCORE, addr&^(page-1), page, uintptr(unsafe.Pointer(&vec[0])))
	return e != syscall.ENOMEM
}
