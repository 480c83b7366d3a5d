package parsers

import (
	"reflect"
	"testing"

	"github.com/treenav/treenav"
)

func TestModuleExports(t *testing.T) {
	src := "\"\"\"Doc.\"\"\"\n__all__ = [\n    'dump', \"dumps\",  # the writers\n    'load',\n]\n\ndef dump(): pass\n"
	syms := []treenav.OutlineSymbol{{Name: "__all__", LineStart: 2, LineEnd: 5}, {Name: "dump", LineStart: 7, LineEnd: 7}}
	if got := ModuleExports("python", []byte(src), syms); !reflect.DeepEqual(got, []string{"dump", "dumps", "load"}) {
		t.Errorf("list: %q", got)
	}
	one := "__all__ = ('A', 'b')\n"
	if got := ModuleExports("python", []byte(one), []treenav.OutlineSymbol{{Name: "__all__", LineStart: 1, LineEnd: 1}}); !reflect.DeepEqual(got, []string{"A", "b"}) {
		t.Errorf("tuple: %q", got)
	}
	for _, stmt := range []string{
		"__all__ = base.__all__ + ['x']",
		"__all__ = ['x'] + base.__all__",
		"__all__ = [n for n in dir() if not n.startswith('_')]",
		"__all__ += ['x']",
		"__all__ = ['x', y]",
	} {
		if got := ModuleExports("python", []byte(stmt+"\n"), []treenav.OutlineSymbol{{Name: "__all__", LineStart: 1, LineEnd: 1}}); got != nil {
			t.Errorf("%s: %q, want nil (computed)", stmt, got)
		}
	}
	extended := "__all__ = ['a']\n__all__.extend(['b'])\n"
	if got := ModuleExports("python", []byte(extended), []treenav.OutlineSymbol{{Name: "__all__", LineStart: 1, LineEnd: 1}}); got != nil {
		t.Errorf("extended later: %q, want nil", got)
	}
	twice := []treenav.OutlineSymbol{{Name: "__all__", LineStart: 1, LineEnd: 1}, {Name: "__all__", LineStart: 2, LineEnd: 2}}
	if got := ModuleExports("python", []byte("__all__ = ['a']\n__all__ = ['b']\n"), twice); got != nil {
		t.Errorf("assigned twice: %q", got)
	}
	if got := ModuleExports("go", []byte(src), syms); got != nil {
		t.Errorf("go: %q", got)
	}
}
