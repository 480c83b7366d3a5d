package engine

import "runtime/debug"

// ReleaseIdle is what a server does once no request has come for a while
// (the MCP server's Options.IdleRelease): the index gives back the
// buffers and texts it keeps for the next queries and the resident pages
// of its snapshot (index.Index.ReleaseIdle), then the heap the collector
// frees goes back to the system. The next query reads back what it
// needs. It returns the bytes of snapshot mapping whose pages it dropped.
func (e *Engine) ReleaseIdle() int64 {
	n := e.ix.ReleaseIdle()
	debug.FreeOSMemory()
	return n
}
