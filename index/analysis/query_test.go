package analysis

import "testing"

func TestCaseTwin(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"check_if_modified_since", "checkifmodifiedsince"},
		{"checkIfModifiedSince", "check_if_modified_since"},
		{"HTTPServer", "http_server"},
		{"Get_UserToken", "getusertoken"},
		{"plan", ""},
	} {
		q := ParseQuery(c.q)
		if len(q.Words) != 1 {
			t.Fatalf("%q: %d words", c.q, len(q.Words))
		}
		if got := q.Words[0].CaseTwin(); got != c.want {
			t.Errorf("CaseTwin(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}
