package engine

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

// Outline returns the outline of the files under paths (index.Index.Outline).
func (e *Engine) Outline(req index.OutlineRequest) (*treenav.OutlineResponse, error) {
	r, err := e.ix.Outline(req)
	return r, e.explain(err)
}
