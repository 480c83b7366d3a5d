package index

import (
	"slices"
	"testing"

	"github.com/treenav/treenav"
)

// feedbackFiles: "key rotation" names one heading outright; two runbook
// sections have "key" once each. One cites the rotation (the JWKS, the
// week of overlap); the other is about disks. The JWKS one is longer and
// in the later document, so on the query's words alone it comes second.
var feedbackFiles = map[string]string{
	"auth/jwt.md":           "# Tokens\n\n## Key Rotation\n\nA new signing key is introduced every 90 days. The JWKS publishes it a week\nbefore it signs anything; the old one stays published for a week after.\n",
	"runbooks/a-disk.md":    "# Disk\n\n## Full Disks\n\nThe store grows until the key index is compacted nightly.\n",
	"runbooks/b-gateway.md": "# Gateway\n\n## Invalid Tokens\n\nGateways reject tokens when they miss a key: the JWKS was published\nwhile they could not reach it, so the overlap week passed them by. Refresh.\n",
}

func TestFeedbackRanksWhatSharesTheLeadersWords(t *testing.T) {
	ix := newTestIndex(t, feedbackFiles)
	search := func(r treenav.Ranking) []string {
		t.Helper()
		ix.SetRanking(r)
		res, err := ix.Search(SearchRequest{Query: "key rotation"})
		if err != nil {
			t.Fatal(err)
		}
		return ids(res)
	}
	const leader = "auth/jwt.md#tokens/key-rotation"
	const gateway, disk = "runbooks/b-gateway.md#gateway/invalid-tokens", "runbooks/a-disk.md#disk/full-disks"
	rank := func(got []string, id string) int { return slices.Index(got, id) }

	r := ix.Ranking()
	on := search(r)
	if rank(on, leader) != 0 || rank(on, gateway) < 0 || rank(on, gateway) > rank(on, disk) {
		t.Errorf("with feedback: got %v, want %s first and %s before %s", on, leader, gateway, disk)
	}
	// The control: without feedback the words alone put the disk first,
	// and the same results are found (feedback adds none).
	off := r
	off.FeedbackWeight = 0
	got := search(off)
	if rank(got, disk) < 0 || rank(got, disk) > rank(got, gateway) {
		t.Errorf("without feedback: got %v, want %s before %s", got, disk, gateway)
	}
	if len(got) != len(on) {
		t.Errorf("feedback changed the results: %d without, %d with", len(got), len(on))
	}
	// Without a clear leader (a margin no score reaches), no feedback.
	high := r
	high.FeedbackMargin = 1000
	if h := search(high); !slices.Equal(h, got) {
		t.Errorf("feedback without a clear leader: got %v, want %v", h, got)
	}
}

// Pages read one after the other list what one long page lists: feedback
// rescores the same first results whatever the offset and limit. (It once
// rescored 3×(offset+limit) of them, and pages repeated and skipped
// results.)
func TestFeedbackPagesAgree(t *testing.T) {
	ix := newQualityIndex(t)
	for _, q := range []string{"key rotation", "cookie settings", "canary stage", "token bucket algorithm", "session storage"} {
		one, err := ix.Search(SearchRequest{Query: q, Limit: 60})
		if err != nil {
			t.Fatal(err)
		}
		var paged []string
		for off := 0; off < len(one.Results); off += 7 {
			r, err := ix.Search(SearchRequest{Query: q, Offset: off, Limit: 7})
			if err != nil {
				t.Fatal(err)
			}
			paged = append(paged, ids(r)...)
		}
		// (The long page may stop short of 60 at its size budget.)
		want := ids(one)
		if len(paged) > len(want) {
			paged = paged[:len(want)]
		}
		if !slices.Equal(paged, want) {
			t.Errorf("%q: pages of 7 list\n%v\none page lists\n%v", q, paged, want)
		}
	}
}
