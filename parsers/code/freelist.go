package code

import "sync"

// freeList keeps objects that hold C memory for reuse across files: a
// sync.Pool would drop them at a garbage collection without freeing it.
// It holds as many as were ever in use at once.
type freeList[T any] struct {
	mu   sync.Mutex
	free []T
}

// get returns a kept object, or a new one from newT.
func (l *freeList[T]) get(newT func() T) T {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.free); n > 0 {
		x := l.free[n-1]
		l.free = l.free[:n-1]
		return x
	}
	return newT()
}

func (l *freeList[T]) put(x T) {
	l.mu.Lock()
	l.free = append(l.free, x)
	l.mu.Unlock()
}
