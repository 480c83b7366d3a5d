package code

import (
	"fmt"
	"strings"
	"testing"
)

func TestMarkdownMentions(t *testing.T) {
	src := "# Title\n\nCall `Labels.Get` or `labels.Labels.Get()`; see http.Server and [Shutdown] but not Shutdown.\n\n" +
		"```go\nx := NewServer()\nif err != nil { srv.Close() }\n```\n\n`Close`\n"
	var got []string
	for _, r := range MarkdownMentions([]byte(src)) {
		got = append(got, fmt.Sprintf("%d:%d %s/%s", r.Line, r.Column, r.Qualifier, r.Name))
	}
	want := "3:14 Labels/Get 3:37 labels.Labels/Get 3:54 http/Server 3:66 /Shutdown 6:6 /NewServer 7:21 srv/Close 10:2 /Close"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}
