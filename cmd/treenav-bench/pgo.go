package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/google/pprof/profile"
)

// writePGO profiles what the bench measures, a cold build and then a warm
// start with its queries, lookups and updates, on each corpus, and merges
// the CPU profiles into out: the profile the Go compiler optimizes the
// binaries with (profile-guided optimization; `make pgo` writes it to
// cmd/treenav/default.pgo and cmd/treenav-bench/default.pgo, which go
// build, go run and go install pick up).
func writePGO(corpora []string, out string, rounds int) error {
	tmp, err := os.MkdirTemp("", "treenav-pgo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var profiles []*profile.Profile
	for _, c := range corpora {
		name, dir, ok := strings.Cut(c, "=")
		if !ok {
			return fmt.Errorf("-corpus wants NAME=DIR, got %q", c)
		}
		fmt.Fprintf(os.Stderr, "== profiling %s (%s)\n", name, dir)
		prefix := filepath.Join(tmp, name)
		os.Setenv("TREENAV_CPUPROFILE", prefix)
		snap := filepath.Join(tmp, name+"-snapshot")
		var cr coldReport
		if _, _, err := runChild(&cr, "cold", dir, snap); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		var wr warmReport
		if _, _, err := runChild(&wr, "warm", dir, snap, fmt.Sprint(rounds)); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for _, phase := range []string{"cold", "warm"} {
			p, err := readProfile(prefix + "." + phase)
			if err != nil {
				return err
			}
			profiles = append(profiles, p)
		}
	}
	os.Unsetenv("TREENAV_CPUPROFILE")
	merged, err := profile.Merge(profiles)
	if err != nil {
		return fmt.Errorf("merging the profiles: %w", err)
	}
	trimPaths(merged)
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := merged.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s (%d samples)\n", out, len(merged.Sample))
	return nil
}

func readProfile(name string) (*profile.Profile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return profile.Parse(f)
}

// trimPaths makes the profile's source and binary paths relative to the
// module, GOROOT or the module cache, so that the committed profile does
// not name the machine it was taken on. (The compiler matches functions
// by name and line offset; paths only serve people reading the profile.)
func trimPaths(p *profile.Profile) {
	var roots [][2]string // prefix, replacement
	for _, v := range [][2]string{{"GOMOD", "github.com/treenav/treenav/"}, {"GOROOT", "GOROOT/"}, {"GOMODCACHE", ""}} {
		out, err := exec.Command("go", "env", v[0]).Output()
		dir := strings.TrimSpace(string(out))
		if err != nil || dir == "" {
			continue
		}
		if v[0] == "GOMOD" {
			dir = filepath.Dir(dir)
		}
		roots = append(roots, [2]string{dir + string(filepath.Separator), v[1]})
	}
	for _, fn := range p.Function {
		trimmed := filepath.Base(fn.Filename)
		for _, r := range roots {
			if rest, ok := strings.CutPrefix(fn.Filename, r[0]); ok {
				trimmed = r[1] + filepath.ToSlash(rest)
				break
			}
		}
		fn.Filename = trimmed
	}
	for _, m := range p.Mapping {
		m.File = filepath.Base(m.File)
	}
	p.Comments = nil
}
