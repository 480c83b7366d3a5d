package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
)

// StatsURI is the resource with the index statistics (index_status' JSON).
const StatsURI = "treenav://stats"

func (s *Server) addResources() {
	s.mcp.AddResource(&sdk.Resource{
		URI:         StatsURI,
		Name:        "stats",
		Title:       "treenav index statistics",
		Description: "What the index holds and how current it is: documents, nodes, terms, languages, skipped files by reason, failed files, last update, indexing progress.",
		MIMEType:    "application/json",
	}, func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		b, err := treenav.MarshalResult(Report(s.eng, s.lastBuildErr()))
		if err != nil {
			return nil, err
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{
			{URI: StatsURI, MIMEType: "application/json", Text: string(b)},
		}}, nil
	})
}
