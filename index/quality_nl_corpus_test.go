package index

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Where the plain-language benchmark's corpora come from (nlbench): real
// code that a CI machine has or can fetch, never copied into the
// repository. Each language's corpus is a root and the files of it that
// the queries are about (index/testdata/nlbench/corpora.json).

const nlbenchDir = "testdata/nlbench"

// nlCorpusSpec is one language's entry of corpora.json.
type nlCorpusSpec struct {
	Include  []string `json:"include"`
	Packages []string `json:"packages"`
}

type nlCorpora struct {
	Description string       `json:"description"`
	Go          nlCorpusSpec `json:"go"`
	Python      nlCorpusSpec `json:"python"`
	Java        nlCorpusSpec `json:"java"`
	TS          nlCorpusSpec `json:"ts"`
}

func loadNLCorpora() (*nlCorpora, error) {
	b, err := os.ReadFile(filepath.Join(nlbenchDir, "corpora.json"))
	if err != nil {
		return nil, err
	}
	var c nlCorpora
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("corpora.json: %w", err)
	}
	return &c, nil
}

// errNoCorpus says why a language's corpus is missing on this machine:
// the language is skipped with that reason, never failed.
var errNoCorpus = errors.New("corpus not available")

// nlGoRoot is GOROOT/src.
func nlGoRoot() (string, error) {
	root := filepath.Join(runtime.GOROOT(), "src")
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		root = filepath.Join(strings.TrimSpace(string(out)), "src")
	}
	if _, err := os.Stat(filepath.Join(root, "strings")); err != nil {
		return "", fmt.Errorf("%w: GOROOT/src not found at %s", errNoCorpus, root)
	}
	return root, nil
}

// nlPythonRoot is Python's stdlib directory, as python3 reports it.
func nlPythonRoot() (string, error) {
	out, err := exec.Command("python3", "-c", `import sysconfig;print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		return "", fmt.Errorf("%w: python3 does not run (%v)", errNoCorpus, err)
	}
	root := strings.TrimSpace(string(out))
	if _, err := os.Stat(filepath.Join(root, "shutil.py")); err != nil {
		return "", fmt.Errorf("%w: no stdlib sources at %s", errNoCorpus, root)
	}
	return root, nil
}

// nlCopyFiles copies the listed files of root into dir; files root does
// not have are left out (their labels are reported missing).
func nlCopyFiles(root, dir string, files []string) (string, error) {
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		dst := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// nlJDKSrcZip finds a JDK's lib/src.zip: $JAVA_HOME's, else that of the
// javac (or java) on PATH, symbolic links resolved.
func nlJDKSrcZip() (string, error) {
	var homes []string
	if h := os.Getenv("JAVA_HOME"); h != "" {
		homes = append(homes, h)
	}
	for _, tool := range []string{"javac", "java"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			continue
		}
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		homes = append(homes, filepath.Dir(filepath.Dir(p)))
	}
	for _, h := range homes {
		for _, z := range []string{filepath.Join(h, "lib", "src.zip"), filepath.Join(h, "src.zip")} {
			if _, err := os.Stat(z); err == nil {
				return z, nil
			}
		}
	}
	return "", fmt.Errorf("%w: no JDK lib/src.zip (JAVA_HOME or javac on PATH; Debian: apt-get install default-jdk-headless openjdk-17-source, or the source package of the JDK there is)", errNoCorpus)
}

// nlJavaRoot extracts the listed entries of src.zip into dir.
func nlJavaRoot(dir string, files []string) (string, error) {
	zipPath, err := nlJDKSrcZip()
	if err != nil {
		return "", err
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", errNoCorpus, zipPath, err)
	}
	defer zr.Close()
	want := map[string]bool{}
	for _, f := range files {
		want[f] = true
	}
	for _, f := range zr.File {
		if !want[f.Name] {
			continue
		}
		delete(want, f.Name)
		if err := nlExtract(f, filepath.Join(dir, filepath.FromSlash(f.Name))); err != nil {
			return "", err
		}
	}
	if len(want) == len(files) {
		return "", fmt.Errorf("%w: %s holds none of the listed sources", errNoCorpus, zipPath)
	}
	return dir, nil
}

func nlExtract(f *zip.File, dst string) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, rc); err != nil {
		out.Close()
		return fmt.Errorf("extract %s: %w", f.Name, err)
	}
	return out.Close()
}

// nlNPMRoot returns the directory holding each pinned package unpacked
// under NAME@VERSION/: TREENAV_NLBENCH_NPM when set, else the user cache
// directory's treenav/nlbench/npm, where missing packages are fetched
// with `npm pack` (once; later runs read the cache).
func nlNPMRoot(packages []string) (string, error) {
	root := os.Getenv("TREENAV_NLBENCH_NPM")
	if root == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("%w: no user cache directory: %v", errNoCorpus, err)
		}
		root = filepath.Join(cache, "treenav", "nlbench", "npm")
	}
	for _, p := range packages {
		dir := filepath.Join(root, p)
		if _, err := os.Stat(filepath.Join(dir, "package", "package.json")); err == nil {
			continue
		}
		if err := nlNPMFetch(p, dir); err != nil {
			return "", err
		}
	}
	return root, nil
}

// nlNPMFetch runs `npm pack NAME@VERSION` and unpacks the tarball into
// dir (which ends up holding package/...).
func nlNPMFetch(pkg, dir string) error {
	if _, err := exec.LookPath("npm"); err != nil {
		return fmt.Errorf("%w: %s is not cached and npm is not on PATH", errNoCorpus, pkg)
	}
	tmp, err := os.MkdirTemp("", "nlbench-npm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "pack", "--silent", "--pack-destination", tmp, pkg)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%w: npm pack %s: %v: %s", errNoCorpus, pkg, err, strings.TrimSpace(string(out)))
	}
	tgz, _ := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if len(tgz) != 1 {
		return fmt.Errorf("%w: npm pack %s left %d tarballs", errNoCorpus, pkg, len(tgz))
	}
	part := dir + ".part"
	os.RemoveAll(part)
	if err := nlUntar(tgz[0], part); err != nil {
		return fmt.Errorf("unpack %s: %w", pkg, err)
	}
	os.RemoveAll(dir)
	return os.Rename(part, dir)
}

func nlUntar(tgz, dst string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if h.Typeflag != tar.TypeReg || strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			continue
		}
		p := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		out, err := os.Create(p)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, tr); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
}
