package walk

import "github.com/treenav/treenav"

// CollectionOptions returns the walk options of a configured collection.
func CollectionOptions(c treenav.Collection, l treenav.Limits) Options {
	return Options{MaxFileSize: l.MaxFileSize, Include: c.Include, Exclude: c.Exclude, Generated: c.Generated}
}
