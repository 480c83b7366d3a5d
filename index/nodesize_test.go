package index

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestNodeMetaPacked: nodeMeta has no padding between its fields (a
// million nodes make a big repository: 16 bytes each is 16 MB).
func TestNodeMetaPacked(t *testing.T) {
	var n nodeMeta
	var fields uintptr
	typ := reflect.TypeOf(n)
	for i := range typ.NumField() {
		fields += typ.Field(i).Type.Size()
	}
	if size, align := unsafe.Sizeof(n), unsafe.Alignof(n); size >= fields+align {
		t.Errorf("nodeMeta takes %d bytes for %d of fields: reorder them by size", size, fields)
	}
}
