package index

import (
	"testing"
	"unsafe"
)

// TestNodeMetaPacked: nodeMeta has no padding between its fields (a
// million nodes make a big repository: 16 bytes each is 16 MB).
func TestNodeMetaPacked(t *testing.T) {
	var n nodeMeta
	fields := unsafe.Sizeof(n.kind) + unsafe.Sizeof(n.nativeKind)*7 + unsafe.Sizeof(n.doc)*10 +
		unsafe.Sizeof(n.fieldLen) + unsafe.Sizeof(n.level) + 2
	if size, align := unsafe.Sizeof(n), unsafe.Alignof(n); size >= fields+align {
		t.Errorf("nodeMeta takes %d bytes for %d of fields: reorder them by size", size, fields)
	}
}
