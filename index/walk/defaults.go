package walk

import (
	"bytes"
	"io"
	"os"
	"strings"
)

// Default excludes. A wrong rule here silently drops real source from every
// index, so each rule needs evidence that the directory is not source; a
// bare name is evidence only when nobody uses it for source:
//
//   - vcsDirs are version-control metadata, always skipped (even with
//     Options.NoDefaultExcludes, and not re-includable).
//   - DefaultExcludes are names that only tools create: package-manager
//     stores, caches and virtualenvs with a leading dot. Skipped at any
//     depth.
//   - A directory holding a CACHEDIR.TAG (the Cache Directory Tagging
//     Specification; written by cargo's target/, among others) or a
//     pyvenv.cfg (every PEP 405 virtualenv, whatever its name) is a cache
//     or a virtualenv by its own declaration. Skipped at any depth.
//   - RootBuildOutputs (build, dist, out, target, _build) are ambiguous:
//     Go keeps a package in src/go/build, Kubernetes and Chromium keep
//     build scripts in a top-level build/, CPython has Lib/venv. Inside a
//     git repository the project's own .gitignore says which of them are
//     outputs, and it is authoritative, so these names are not used there
//     at all. Outside a repository (a tarball, a plain directory) nothing
//     else tells, and these names are skipped at the collection root only,
//     where build tools put their output.
//
// Bare "venv", "env", "coverage" and "bin" are deliberately absent: they are
// real packages (CPython's Lib/venv, coverage.py's coverage/) or committed
// scripts (bin/). A .treenavignore can re-include anything skipped by a
// default with a negation ("!vendor/"), and add its own rules.
var (
	vcsDirs = []string{".git", ".hg", ".svn", ".bzr", "_darcs", ".jj"}

	// DefaultExcludes are directory names skipped at any depth.
	DefaultExcludes = []string{
		// Dependencies.
		"node_modules", "bower_components", "jspm_packages", "vendor", ".pnpm-store", ".yarn",
		// Python.
		"__pycache__", ".venv", ".tox", ".nox", ".eggs", ".mypy_cache", ".pytest_cache",
		".ruff_cache", ".hypothesis", ".ipynb_checkpoints",
		// Build tool state and caches.
		".gradle", ".next", ".nuxt", ".svelte-kit", ".angular", ".parcel-cache", ".turbo",
		".docusaurus", ".expo", ".dart_tool", ".terraform", ".serverless", ".nyc_output",
		".sass-cache", ".stack-work", ".zig-cache", "zig-cache", ".build", ".cache", ".idea",
	}

	// RootBuildOutputs are skipped only at the root of a collection that
	// is not inside a git repository (see above).
	RootBuildOutputs = []string{"build", "dist", "out", "target", "_build"}
)

// Marker files that make their directory a default exclude.
const (
	cacheDirTag = "CACHEDIR.TAG"
	pyvenvCfg   = "pyvenv.cfg"
)

// cacheDirSignature starts every valid CACHEDIR.TAG; checking it keeps a
// stray file of that name from hiding a directory.
const cacheDirSignature = "Signature: 8a477f597d28d172789f06886806bc55"

var (
	vcsSet        = toSet(vcsDirs)
	defaultSet    = toSet(DefaultExcludes)
	rootOutputSet = toSet(RootBuildOutputs)
)

func toSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// defaultExcluded reports whether a directory is a default exclude by its
// name and place. Markers inside it are checked by the caller, which has
// the directory's listing.
func (w *Walker) defaultExcluded(rel, name string) bool {
	if defaultSet[name] || strings.HasSuffix(name, ".egg-info") {
		return true
	}
	return !w.inRepo && rel == name && rootOutputSet[name]
}

// isCacheDirTag checks the signature of a CACHEDIR.TAG file.
func isCacheDirTag(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(cacheDirSignature))
	if _, err := io.ReadFull(f, buf); err != nil {
		return false
	}
	return bytes.Equal(buf, []byte(cacheDirSignature))
}
