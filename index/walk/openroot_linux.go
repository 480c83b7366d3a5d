package walk

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// openat2Missing is set once openat2 has answered ENOSYS (a kernel before
// 5.6, or a sandbox that filters the call), or EPERM where os.Root then
// opened the file (a seccomp filter of the older kind, which answers
// EPERM for a call it does not know): reads take os.Root from then on.
var openat2Missing atomic.Bool

// openat2 is unix.Openat2 (a variable for the tests, which refuse it as
// sandboxes do).
var openat2 = unix.Openat2

// openInRoot opens the file rel (slash-separated, relative to the real
// root) for reading, without blocking, as openInOSRoot does: no link in
// any component, the last included, leads out of the root
// (RESOLVE_BENEATH, which refuses absolute links as os.Root does). One
// openat2 resolves the whole path in the kernel, where os.Root opens and
// closes each directory on the way: a file five directories deep cost
// eleven system calls more.
func openInRoot(real, rel string) (*os.File, error) {
	if openat2Missing.Load() {
		return openInOSRoot(real, rel)
	}
	dir, err := openRetry(func() (int, error) {
		return unix.Open(real, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: real, Err: err}
	}
	fd, err := openRetry(func() (int, error) {
		return openat2(dir, rel, &unix.OpenHow{
			Flags:   unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC,
			Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
		})
	})
	unix.Close(dir)
	switch err {
	case nil:
		return os.NewFile(uintptr(fd), filepath.Join(real, filepath.FromSlash(rel))), nil
	case unix.ENOSYS:
		openat2Missing.Store(true)
		return openInOSRoot(real, rel)
	case unix.EPERM:
		// Reading, a file refuses EACCES; EPERM is most likely the
		// call itself refused.
		f, err := openInOSRoot(real, rel)
		if err == nil {
			openat2Missing.Store(true)
		}
		return f, err
	case unix.EAGAIN:
		// A rename raced the resolution of a "..": os.Root walks it.
		return openInOSRoot(real, rel)
	case unix.EXDEV:
		return nil, &fs.PathError{Op: "openat2", Path: rel, Err: errLeavesRoot}
	}
	return nil, &fs.PathError{Op: "openat2", Path: rel, Err: err}
}

// openRetry calls open again while it is interrupted.
func openRetry(open func() (int, error)) (int, error) {
	for {
		fd, err := open()
		if err != unix.EINTR {
			return fd, err
		}
	}
}
