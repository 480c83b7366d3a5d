//go:build !race

package index

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
