package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// The combined corpus stands for a big repository (issue 26): the code this
// machine has — the Go source tree, /usr/include, the Python libraries,
// JDK sources, global node_modules — sampled to about combinedFiles files
// that treenav indexes, and with -copies N, the same tree N times under
// different roots. It is assembled once under the user cache directory
// (treenav-bench/), outside any repository, and reused: files are hard
// links to the originals where the file system allows, copies otherwise.

// combinedName is the -corpus value that asks for the combined corpus.
const combinedName = "combined"

// corpusSource is one place the combined corpus takes files from.
type corpusSource struct {
	name  string // the directory it gets in the corpus
	dir   string // a directory, or
	zip   string // a zip of sources (a JDK's src.zip)
	skip  string // a directory under dir left out
	files []corpusFile
}

// corpusFile is a file a source offers: its path in the source, and where
// to read it (a path, or an entry of the source's zip).
type corpusFile struct {
	rel string
	abs string
	zf  *zip.File
}

// manifestName marks a finished corpus directory; it lists what each
// source gave.
const manifestName = "corpus.json"

// combinedCorpus returns the directory of the combined corpus of about
// maxFiles files, assembling it first if it is not there yet.
func combinedCorpus(maxFiles int) (string, error) {
	base, err := benchCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, fmt.Sprintf("%s-%d", combinedName, maxFiles))
	if _, err := os.Stat(filepath.Join(dir, manifestName)); err == nil {
		return dir, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	srcs := corpusSources()
	for i := range srcs {
		if err := srcs[i].list(); err != nil {
			fmt.Fprintf(os.Stderr, "   combined corpus: %s left out: %v\n", srcs[i].name, err)
		}
	}
	quotas := shareOut(srcs, maxFiles)
	manifest := map[string]any{}
	for i, s := range srcs {
		picked := sample(s.files, quotas[i])
		for _, f := range picked {
			if err := s.place(f, filepath.Join(dir, s.name, filepath.FromSlash(f.rel))); err != nil {
				return "", fmt.Errorf("combined corpus: %s: %w", f.rel, err)
			}
		}
		manifest[s.name] = map[string]any{"from": s.dir + s.zip, "offered": len(s.files), "taken": len(picked)}
		fmt.Fprintf(os.Stderr, "   combined corpus: %s: %d of %d files (%s)\n", s.name, len(picked), len(s.files), s.dir+s.zip)
	}
	b, _ := json.MarshalIndent(manifest, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, manifestName), b, 0o644); err != nil {
		return "", err
	}
	return dir, nil
}

// copiesCorpus returns a directory holding n copies of the corpus in dir
// (replica1/, replica2/, ...), hard-linked, assembling it if needed. The
// copies were named copy1/, ..., which put the word "copy" in the path of
// every node: the bench query "Copy" matched all 3.75 million of them and
// took 264-650 ms on the 75k corpus (2.2 ms on the 25k one), which made
// that corpus's query p50 and p99. No bench query names a replica.
func copiesCorpus(dir string, n int) (string, error) {
	out := fmt.Sprintf("%s-replicas%d", dir, n)
	if _, err := os.Stat(filepath.Join(out, manifestName)); err == nil {
		return out, nil
	}
	if err := os.RemoveAll(out); err != nil {
		return "", err
	}
	res, err := walk.Walk(dir, walk.Options{})
	if err != nil {
		return "", err
	}
	for i := 1; i <= n; i++ {
		for _, f := range res.Files {
			if f.Rel == manifestName {
				continue
			}
			if err := linkOrCopy(f.Abs, filepath.Join(out, fmt.Sprintf("replica%d", i), filepath.FromSlash(f.Rel))); err != nil {
				return "", err
			}
		}
	}
	b := fmt.Appendf(nil, "{\"copies\": %d, \"of\": %q}\n", n, filepath.Base(dir))
	return out, os.WriteFile(filepath.Join(out, manifestName), b, 0o644)
}

// benchCacheDir is where assembled corpora live.
func benchCacheDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the combined corpus: %w", err)
	}
	return filepath.Join(cache, "treenav-bench"), nil
}

// corpusSources lists what this machine has, in a fixed order.
func corpusSources() []corpusSource {
	var out []corpusSource
	add := func(name, dir string) {
		if dir == "" {
			return
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			for _, s := range out {
				if s.dir == dir {
					return
				}
			}
			out = append(out, corpusSource{name: name, dir: dir})
		}
	}
	goroot, _ := exec.Command("go", "env", "GOROOT").Output()
	if g := strings.TrimSpace(string(goroot)); g != "" {
		add("go", filepath.Join(g, "src"))
	}
	add("include", "/usr/include")
	py, _ := exec.Command("python3", "-c", `import sysconfig; p = sysconfig.get_paths(); print(p["stdlib"]); print(p["purelib"])`).Output()
	if lines := strings.Fields(string(py)); len(lines) == 2 {
		// The stdlib, without the packages pip installed into it: the
		// system's own Python libraries are dist-packages.
		add("python", lines[0])
		if len(out) > 0 && out[len(out)-1].name == "python" {
			out[len(out)-1].skip = lines[1]
		}
	}
	add("python-dist", "/usr/lib/python3/dist-packages")
	// Debian's JDKs: the default one first, else any.
	zips, _ := filepath.Glob("/usr/lib/jvm/*/lib/src.zip")
	for _, z := range append([]string{"/usr/lib/jvm/default-java/lib/src.zip"}, zips...) {
		if _, err := os.Stat(z); err == nil {
			out = append(out, corpusSource{name: "jdk", zip: z})
			break
		}
	}
	npm, _ := exec.Command("npm", "root", "-g").Output()
	add("node", strings.TrimSpace(string(npm)))
	return out
}

// list finds the files of a source that an index would take: what the
// walk keeps and a parser reads, at most 1 MiB (the default limit).
func (s *corpusSource) list() error {
	if s.zip != "" {
		zr, err := zip.OpenReader(s.zip) // kept open while the corpus is assembled
		if err != nil {
			return err
		}
		for _, f := range zr.File {
			if !f.FileInfo().IsDir() && f.UncompressedSize64 <= walk.DefaultMaxFileSize && parsers.Candidate(f.Name) {
				s.files = append(s.files, corpusFile{rel: f.Name, zf: f})
			}
		}
		slices.SortFunc(s.files, func(a, b corpusFile) int { return strings.Compare(a.rel, b.rel) })
		return nil
	}
	res, err := walk.Walk(s.dir, walk.Options{Keep: parsers.Candidate})
	if err != nil {
		return err
	}
	for _, f := range res.Files {
		if s.skip != "" && strings.HasPrefix(f.Abs, s.skip+string(filepath.Separator)) {
			continue
		}
		// The walk keeps node_modules out; a source whose root is one
		// is read as a project's own files.
		s.files = append(s.files, corpusFile{rel: strings.ReplaceAll(f.Rel, "node_modules", "node_pkgs"), abs: f.Abs})
	}
	return nil
}

// place puts file f of the source at dst.
func (s *corpusSource) place(f corpusFile, dst string) error {
	if f.zf == nil {
		return linkOrCopy(f.abs, dst)
	}
	r, err := f.zf.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	return writeFile(dst, r)
}

// shareOut splits max files between the sources, as evenly as their sizes
// allow: a source with fewer files gives its share to the others.
func shareOut(srcs []corpusSource, max int) []int {
	q := make([]int, len(srcs))
	left, open := max, len(srcs)
	done := make([]bool, len(srcs))
	for open > 0 && left > 0 {
		share, settled := left/open, false
		for i, s := range srcs {
			if !done[i] && len(s.files) <= share {
				q[i], done[i], settled = len(s.files), true, true
				left -= len(s.files)
				open--
			}
		}
		if settled {
			continue
		}
		for i := range srcs {
			if !done[i] {
				q[i] = share
			}
		}
		break
	}
	return q
}

// sample picks n of files spread evenly over them (they are sorted by
// path, so every part of the tree is represented).
func sample(files []corpusFile, n int) []corpusFile {
	if n >= len(files) {
		return files
	}
	out := make([]corpusFile, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}

func linkOrCopy(src, dst string) error {
	if real, err := filepath.EvalSymlinks(src); err == nil {
		src = real
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if os.Link(src, dst) == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return writeFile(dst, in)
}

func writeFile(dst string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
