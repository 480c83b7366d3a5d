package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// WatchLimit says that the kernel's limit on inotify watches stopped the
// watcher from watching every directory of the collections, and what to
// raise it to. The watcher then holds no watch at all (half a watch
// would follow some edits and silently miss others) and rescans instead.
type WatchLimit struct {
	// Setting is the kernel setting: fs.inotify.max_user_watches.
	Setting string `json:"setting"`
	// Current is its value, 0 when it could not be read.
	Current int `json:"current"`
	// Directories is how many directories the collections need watched.
	Directories int `json:"directories"`
	// RaiseTo is a value with room for them and for the watches other
	// programs hold, rounded up.
	RaiseTo int `json:"raise_to"`
	// Command raises it until the next boot.
	Command string `json:"command"`
}

// maxUserWatchesSetting is the kernel setting that bounds inotify watches,
// and maxUserWatchesFile where it is read; a test may point it elsewhere.
const maxUserWatchesSetting = "fs.inotify.max_user_watches"

var maxUserWatchesFile = "/proc/sys/fs/inotify/max_user_watches"

// isWatchLimit reports whether err is inotify's "out of watches"
// (inotify_add_watch's ENOSPC, which fsnotify returns as is).
func isWatchLimit(err error) bool { return errors.Is(err, syscall.ENOSPC) }

// readMaxUserWatches returns the current limit, or 0.
func readMaxUserWatches() int {
	b, err := os.ReadFile(maxUserWatchesFile)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}

// watchLimitFor says what to raise the limit to: the watches in use when
// it was reached (current, of which held were the watcher's) less the
// watcher's, plus the directories it needs; a quarter more for growth,
// rounded up to a multiple of 65,536.
func watchLimitFor(current, held, dirs int) *WatchLimit {
	need := max(current-held, 0) + dirs
	need += need / 4
	const step = 1 << 16
	raise := (need + step - 1) / step * step
	return &WatchLimit{
		Setting: maxUserWatchesSetting, Current: current, Directories: dirs, RaiseTo: raise,
		Command: fmt.Sprintf("sudo sysctl -w %s=%d", maxUserWatchesSetting, raise),
	}
}

// Message says what happened and what to do, for stderr and the status.
func (l *WatchLimit) Message(every string) string {
	cur := "reached"
	if l.Current > 0 {
		cur = "reached (" + strconv.Itoa(l.Current) + ")"
	}
	return fmt.Sprintf("inotify watch limit %s %s with %d directories to watch: not watching for changes, the index follows edits only by a full rescan every %s; "+
		"raise it with `%s` (and in /etc/sysctl.d/ to keep it after a reboot), then restart",
		l.Setting, cur, l.Directories, every, l.Command)
}

// watchedDirs counts the directories of the collections the watcher
// watches (those the ignore rules keep).
func (w *watcher) watchedDirs() int {
	n := 0
	for _, c := range w.e.colls {
		wk := w.walkers[c.Name]
		filepath.WalkDir(c.Root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if r, _ := filepath.Rel(c.Root, p); r != "." && wk != nil && wk.Ignored(filepath.ToSlash(r), true) {
				return fs.SkipDir
			}
			n++
			return nil
		})
	}
	return n
}
