package main

import "testing"

// TestNormalizeGT: markdown-it's raw heading source and treenav's title of
// the same heading normalize alike; markup that only looks like links or
// tags stays text.
func TestNormalizeGT(t *testing.T) {
	tests := []struct{ raw, title string }{
		{"Install *now*", "Install now"},
		{"`code()` and **bold**", "code() and bold"},
		{"[link](https://x.y/z \"t\") text", "link text"},
		{"[ref][r] and [short]", "ref and short"},
		{"Logo ![img](a.png) after", "Logo after"},
		{"![only image](a.png)", "only image"},
		{"<b>html</b> &amp; entity", "html & entity"},
		{"<https://auto.link>", "https://auto.link"},
		{"`<T>[a](b)`", "<T>[a](b)"},
		{"Array<string | Ignore>", "Array<string | Ignore>"},
		{"router\\[method](path, ...[middleware], handler)", "router[method](path, ...[middleware], handler)"},
		{".compile(Object schema) -&gt; Function&lt;Object data&gt;", ".compile(Object schema) -> Function<Object data>"},
		{"snake_case\\_name", "snake_case_name"},
		{"Install {#install}", "Install"},
	}
	for _, tt := range tests {
		if g, o := normalizeGT(tt.raw), words(tt.title); g != o {
			t.Errorf("normalizeGT(%q) = %q, words(%q) = %q", tt.raw, g, tt.title, o)
		}
	}
	if normalizeGT("Alpha") == normalizeGT("Beta") {
		t.Error("different headings normalize alike")
	}
}
