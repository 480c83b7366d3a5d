package apidiff

import (
	"sort"

	"github.com/treenav/treenav"
)

// Outline returns the outline of every file of the head side (the work
// tree when opts.Head is "", else the files of that commit, read from git
// without a checkout) under opts.Paths, as treenav outline gives it.
func Outline(opts Options) ([]treenav.OutlineFile, error) {
	root, keep, walker, limit, err := opts.setup()
	if err != nil {
		return nil, err
	}
	var rels []string
	var commit string
	var repo *Repo
	if opts.Head == "" {
		res, err := walker.Walk("")
		if err != nil {
			return nil, err
		}
		for _, f := range res.Files {
			rels = append(rels, f.Rel)
		}
	} else {
		if repo, err = Open(root); err != nil {
			return nil, err
		}
		if commit, err = repo.Commit(opts.Head); err != nil {
			return nil, err
		}
		all, err := repo.Files(commit)
		if err != nil {
			return nil, err
		}
		for _, rel := range all {
			if walker.Reason(rel, false) == "" {
				rels = append(rels, rel)
			}
		}
	}
	var kept []string
	for _, rel := range rels {
		if keep == nil || keep(rel) {
			kept = append(kept, rel)
		}
	}
	side, err := readSide(repo, commit, kept, limit, walker)
	if err != nil {
		return nil, err
	}
	out := ParseAll(side.files, opts.Walk.Classify, opts.Cache)
	files := make([]treenav.OutlineFile, 0, len(out))
	for _, o := range out {
		if o.Skip == "" && o.Err == "" {
			files = append(files, o.Outline)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}
