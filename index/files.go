package index

// File is what the index holds of a document's file: enough for the
// engine to tell whether the file changed since it was indexed.
type File struct {
	DocID, Collection, Path string
	ContentHash             string
	Size, ModTime           int64
}

// Files is the documents of one state of the index, as files.
type Files struct{ v *view }

// Files returns the documents the index holds now.
func (ix *Index) Files() Files { return Files{ix.view()} }

// Get returns the file of document id.
func (f Files) Get(id string) (File, bool) {
	_, d, ok := f.v.doc(id)
	if !ok {
		return File{}, false
	}
	return asFile(d), true
}

// Each calls fn for every document.
func (f Files) Each(fn func(File)) {
	f.v.eachDoc(func(d *docMeta) { fn(asFile(d)) })
}

// Languages counts the documents of each language.
func (f Files) Languages() map[string]int { return f.v.languages() }

func asFile(d *docMeta) File {
	return File{DocID: d.DocID, Collection: d.Collection, Path: d.Path, ContentHash: d.ContentHash, Size: d.Size, ModTime: d.ModTime}
}
