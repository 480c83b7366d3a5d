package index

import (
	"os"
	"testing"

	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

var benchInputs []Input

func loadBenchInputs(b *testing.B) []Input {
	if benchInputs != nil {
		return benchInputs
	}
	dir := os.Getenv("TREENAV_BENCH_DIR")
	if dir == "" {
		b.Skip("TREENAV_BENCH_DIR unset")
	}
	res, _ := walk.Walk(dir, walk.Options{})
	for _, f := range res.Files {
		if !parsers.Candidate(f.Rel) {
			continue
		}
		src, err := os.ReadFile(f.Abs)
		if err != nil || walk.Classify(f.Rel, src) != "" {
			continue
		}
		doc, err := parsers.Parse(f.Rel, f.Rel, src)
		if err != nil {
			continue
		}
		benchInputs = append(benchInputs, Input{Doc: doc, Src: src})
	}
	return benchInputs
}

func BenchmarkBuilderAdd(b *testing.B) {
	ins := loadBenchInputs(b)
	b.ResetTimer()
	for range b.N {
		sb := newSegmentBuilder()
		for _, in := range ins {
			sb.add(in)
		}
		sb.finish()
	}
}
