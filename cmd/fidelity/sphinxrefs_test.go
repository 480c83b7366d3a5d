package main

import "testing"

// TestSphinxRefs: every :func:, :meth: and :class: role of
// testdata/sphinxrefs/docs whose target is in its code resolves to it by
// qualified-name suffix; roles to objects the code lacks are not counted.
func TestSphinxRefs(t *testing.T) {
	res, err := measureSphinxRefs("testdata/sphinxrefs/code", "testdata/sphinxrefs/docs")
	if err != nil {
		t.Fatal(err)
	}
	// :checkout: alone is shop.cart.checkout, which does not exist; :dict:
	// is a builtin.
	if res.roles != 10 || res.counted != 8 || res.agree != 8 {
		t.Errorf("roles %d, counted %d, agree %d; want 10, 8, 8; misses %v", res.roles, res.counted, res.agree, res.misses)
	}
}

func TestSuffixTarget(t *testing.T) {
	ix := symbolIndex{mods: map[string][]string{
		"Cart": {"shop.cart"}, "Cart.add": {"shop.cart"}, "dumps": {"json", "pickle"},
		"date": {"datetime"}, "datetime.date": {"datetime"}, "TestCase.assertTrue": {"unittest.case"},
	}, byLast: map[string][]string{"add": {"shop.cart.Cart.add"}, "date": {"datetime.datetime.date"},
		"assertTrue": {"unittest.case.TestCase.assertTrue"}}}
	tests := []struct{ target, want string }{
		{"shop.cart.Cart.add", "shop.cart.Cart.add"},
		{"shop.cart.Other.Cart", "shop.cart.Cart"},                   // a class context that does not hold it
		{"json.pickle.dumps", "pickle.dumps"},                        // a module named inside another's page
		{"dumps", ""},                                                // two modules, nothing to choose by
		{"datetime.date", "datetime.date"},                           // the full name before the longer qualified name
		{"unittest.assertTrue", "unittest.case.TestCase.assertTrue"}, // ".assertTrue"
		{"nothing.here", ""},
	}
	for _, tt := range tests {
		if got := suffixTarget(tt.target, ix); got != tt.want {
			t.Errorf("suffixTarget(%q) = %q, want %q", tt.target, got, tt.want)
		}
	}
}
