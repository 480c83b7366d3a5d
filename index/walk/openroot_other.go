//go:build !linux

package walk

import "os"

// openInRoot opens the file rel (slash-separated, relative to the real
// root) through an os.Root (openInOSRoot).
func openInRoot(real, rel string) (*os.File, error) {
	return openInOSRoot(real, rel)
}
