package walk

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// RefusedError says why ReadFile did not read a file: a walk would not
// index it as it is now. Reason is one of the Skip reasons.
type RefusedError struct {
	Rel    string
	Reason string
	Detail string // what was found, when the reason alone does not say
	// File is set for SkipTooLarge: the file's size and time.
	File File
}

func (e *RefusedError) Error() string {
	msg := fmt.Sprintf("%s: not read (%s)", e.Rel, e.Reason)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// SkipReason is the skip reason, for callers that cannot import this
// package (the parsers match the method, not the type).
func (e *RefusedError) SkipReason() string { return e.Reason }

// Refused returns the skip reason of an error from ReadFile that refused
// the file, or "".
func Refused(err error) string {
	var r *RefusedError
	if errors.As(err, &r) {
		return r.Reason
	}
	return ""
}

// errSwapped says the file at a path changed between its check and its
// opening (replaced, often by an editor's atomic save): ReadFile checks
// again.
var errSwapped = errors.New("file replaced while being opened")

// errLeavesRoot says a path's resolution led out of the root (a link in
// one of its components).
var errLeavesRoot = errors.New("a link leads out of the root")

// readAttempts bounds how often ReadFile checks again a file that keeps
// being replaced while it is opened.
const readAttempts = 3

// ReadFile reads the file rel (relative to the root) when, and only when,
// a walk would index it now: the rules (ignore files, default excludes,
// globs) keep it; it is a regular file, or a link that the walk follows
// (see resolveLink: inside the root, to a file not indexed at its own
// path); and it is no larger than the size limit. Every read of an indexed
// file goes through it, so that a file replaced after it was indexed (by a
// link out of the root, a device, a named pipe) is never read:
//
//   - the file is opened beneath the root's real path (openInRoot), so
//     that no link, in any path component and whatever it is changed to
//     meanwhile, leads out of the root;
//   - the open does not block (O_NONBLOCK: a named pipe without a writer
//     would hang it), and what was opened is checked on the descriptor to
//     be the regular file that was judged (the same file as the Lstat of
//     the path, or the Stat of a followed link's target), so a link
//     swapped in after the check is never followed;
//   - at most the size limit is read, whatever the file grows to.
//
// A refused file gives a *RefusedError (see Refused); a missing one an
// error satisfying errors.Is(err, fs.ErrNotExist).
func (w *Walker) ReadFile(rel string) ([]byte, File, error) {
	rel = cleanRel(rel)
	if rel == "" || !filepath.IsLocal(filepath.FromSlash(rel)) {
		return nil, File{}, &RefusedError{Rel: rel, Reason: SkipSymlink, Detail: "not a path inside the root"}
	}
	for attempt := 1; ; attempt++ {
		src, f, err := w.readOnce(rel)
		if errors.Is(err, errSwapped) && attempt < readAttempts {
			continue
		}
		return src, f, err
	}
}

// readOnce judges the file rel as Check does, then opens and reads it
// inside the root (see ReadFile).
func (w *Walker) readOnce(rel string) ([]byte, File, error) {
	refuse := func(reason, detail string) ([]byte, File, error) {
		return nil, File{}, &RefusedError{Rel: rel, Reason: reason, Detail: detail}
	}
	if reason := w.Reason(rel, false); reason != "" {
		return refuse(reason, "")
	}
	abs := w.abs(rel)
	open := rel // the path to open, relative to the real root
	fi, err := os.Lstat(abs)
	if err != nil {
		return nil, File{}, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		real, tfi, reason := w.resolveLink(abs)
		if reason != "" {
			return refuse(reason, "a link the walk does not follow")
		}
		open, _ = w.relReal(real)
		fi = tfi
	}
	if !fi.Mode().IsRegular() {
		return refuse(SkipUnreadable, "not a regular file ("+typeName(fi.Mode())+")")
	}
	fh, err := openInRoot(w.real, open)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return nil, File{}, err
		}
		// Leaving the real root (a component replaced by a link out of
		// it), or a link loop.
		return refuse(SkipSymlink, err.Error())
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, File{}, err
	}
	if !os.SameFile(fi, st) {
		return nil, File{}, errSwapped
	}
	f := File{Rel: rel, Abs: abs, Size: st.Size(), ModTime: st.ModTime().UnixNano()}
	if st.Size() > w.maxSize {
		return nil, File{}, &RefusedError{Rel: rel, Reason: SkipTooLarge, File: f}
	}
	src, err := readAtMost(fh, st.Size(), w.maxSize)
	if err != nil {
		return nil, File{}, err
	}
	if int64(len(src)) > w.maxSize {
		f.Size = int64(len(src))
		return nil, File{}, &RefusedError{Rel: rel, Reason: SkipTooLarge, Detail: "grew past the size limit while read", File: f}
	}
	return src, f, nil
}

// readAtMost reads r to its end, or to one byte past limit (the caller
// sees it is too large), with a buffer sized for size bytes (the file's
// size by its stat). A read that stops short at that size is the end: a
// regular file gives what it holds, and the read that would say so (one
// system call more a file, a tenth of a checked read) is not made.
func readAtMost(r io.Reader, size, limit int64) ([]byte, error) {
	lr := io.LimitReader(r, limit+1)
	buf := make([]byte, 0, min(size, limit)+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if size > 0 && int64(len(buf)) == size && len(buf) < cap(buf) {
			return buf, nil
		}
	}
}

// openInOSRoot opens the file rel (slash-separated, relative to the real
// root) for reading, without blocking, through an os.Root: no link in any
// component, the last included, leads out of the root. (ReadFile opens
// the path a link resolves to: a link found there was swapped in since,
// and the opened file is not the one judged.)
func openInOSRoot(real, rel string) (*os.File, error) {
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.OpenFile(filepath.FromSlash(rel), os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// typeName names a file type that is not a regular file.
func typeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a link"
	}
	return "an irregular file"
}

// Exists reports whether the path rel names something inside the root:
// links are followed only as long as they stay inside it.
func (w *Walker) Exists(rel string) bool {
	rel = cleanRel(rel)
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return false
	}
	root, err := os.OpenRoot(w.real)
	if err != nil {
		return false
	}
	defer root.Close()
	_, err = root.Stat(filepath.FromSlash(rel))
	return err == nil
}
