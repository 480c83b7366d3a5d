package code

import "testing"

// TestDetectAddedLanguages checks the file names and extensions of the
// languages whose files are often named without a usual extension:
// Dockerfile.dev, Containerfile, Jenkinsfile, build.gradle, .mli.
func TestDetectAddedLanguages(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Dockerfile", "dockerfile"},
		{"build/Dockerfile.dev", "dockerfile"},
		{"Containerfile", "dockerfile"},
		{"Containerfile.alpine", "dockerfile"},
		{"app.dockerfile", "dockerfile"},
		{"Dockerfile.md", "dockerfile"}, // parsers.Kind takes it as markdown first
		{"Dockerfile.py", "python"},
		{"api/v1/storage.proto", "protobuf"},
		{"main.tf", "hcl"},
		{"prod.tfvars", "hcl"},
		{"image.pkr.hcl", "hcl"},
		{"schema.sql", "sql"},
		{"lib/cache.ex", "elixir"},
		{"test/cache_test.exs", "elixir"},
		{"list.ml", "ocaml"},
		{"list.mli", "ocaml_interface"},
		{"src/Greeter.groovy", "groovy"},
		{"build.gradle", "groovy"},
		{"Jenkinsfile", "groovy"},
	} {
		got := ""
		if l := Detect(tc.name, nil); l != nil {
			got = l.Name
		}
		if got != tc.want {
			t.Errorf("Detect(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if l := Lookup("ocaml_interface"); l == nil || l.DocLanguage != "ocaml" {
		t.Errorf("ocaml_interface documents should be ocaml")
	}
}
