package index

import (
	"fmt"
	"strings"

	"github.com/treenav/treenav"
)

// Tree-navigation scenarios of the search-quality suite (navigation.json):
// search, then get_tree, get_node_content or navigate_tree, as an agent
// would.

// navExpect is what one step asserts; each field applies to the ops noted.
type navExpect struct {
	// search
	DocInResults  string `json:"doc_in_results"`
	TopDoc        string `json:"top_doc"`
	AllCollection string `json:"all_collection"`
	// tree and navigate
	Titles []string `json:"titles"`
	Nodes  []struct {
		NodeID   string `json:"node_id"`
		ParentID string `json:"parent_id"`
		Kind     string `json:"kind"`
		Level    int    `json:"level"`
		Title    string `json:"title"`
	} `json:"nodes"`
	KindsAbsent    []string `json:"kinds_absent"`
	AllDescendants bool     `json:"all_descendants"`
	// node and navigate
	Contains    []string  `json:"contains"`
	NotContains []string  `json:"not_contains"`
	ParentID    string    `json:"parent_id"`
	Children    *[]string `json:"children"`
}

// navStep is one call of a workflow: op is search, tree, node or navigate.
type navStep struct {
	Op         string    `json:"op"`
	Query      string    `json:"query"`
	Limit      int       `json:"limit"`
	Collection string    `json:"collection"`
	DocID      string    `json:"doc_id"`
	NodeID     string    `json:"node_id"`
	Expect     navExpect `json:"expect"`
}

// navScenario is one workflow (N1-N8).
type navScenario struct {
	ID    string    `json:"id"`
	Title string    `json:"title"`
	Steps []navStep `json:"steps"`
}

// runScenario runs one navigation workflow and returns what failed.
func runScenario(ix *Index, sc navScenario) []string {
	var fails []string
	fail := func(step int, format string, args ...any) {
		fails = append(fails, fmt.Sprintf("step %d: %s", step+1, fmt.Sprintf(format, args...)))
	}
	topDoc := ""
	resolve := func(id string) string {
		if id == "@top" {
			return topDoc
		}
		return id
	}
	for i, st := range sc.Steps {
		x := st.Expect
		switch st.Op {
		case "search":
			req := SearchRequest{Query: st.Query, Limit: st.Limit}
			if st.Collection != "" {
				req.Collections = []string{st.Collection}
			}
			resp, err := ix.Search(req)
			if err != nil {
				fail(i, "search %q: %v", st.Query, err)
				return fails
			}
			if len(resp.Results) == 0 {
				fail(i, "search %q returned nothing", st.Query)
				return fails
			}
			topDoc = resp.Results[0].DocID
			var docs []string
			for _, r := range resp.Results {
				docs = append(docs, r.DocID)
				if x.AllCollection != "" && r.Collection != x.AllCollection {
					fail(i, "result %s is in collection %s, not %s", r.NodeID, r.Collection, x.AllCollection)
				}
			}
			if x.DocInResults != "" && rankOf(docs, x.DocInResults) < 0 {
				fail(i, "search %q: %s not in the first %d results %v", st.Query, x.DocInResults, len(docs), docs)
			}
			if x.TopDoc != "" && topDoc != x.TopDoc {
				fail(i, "search %q: first result is in %s, want %s", st.Query, topDoc, x.TopDoc)
			}
		case "tree":
			tr, err := ix.Tree(TreeRequest{DocID: resolve(st.DocID)})
			if err != nil {
				fail(i, "tree %s: %v", resolve(st.DocID), err)
				return fails
			}
			fails = append(fails, checkTreeNodes(i, tr.Nodes, x)...)
		case "node":
			resp, err := ix.Nodes(NodesRequest{IDs: []string{resolve(st.NodeID)}})
			if err != nil || len(resp.Nodes) != 1 {
				fail(i, "node %s: %v", resolve(st.NodeID), err)
				return fails
			}
			n := resp.Nodes[0]
			fails = append(fails, checkContent(i, n.NodeID, n.Content, x)...)
			if x.ParentID != "" && n.ParentID != x.ParentID {
				fail(i, "%s has parent %q, want %q", n.NodeID, n.ParentID, x.ParentID)
			}
			if x.Children != nil && strings.Join(n.Children, " ") != strings.Join(*x.Children, " ") {
				fail(i, "%s has children %v, want %v", n.NodeID, n.Children, *x.Children)
			}
		case "navigate":
			id := resolve(st.NodeID)
			resp, err := ix.Navigate(NavigateRequest{ID: id})
			if err != nil {
				fail(i, "navigate %s: %v", id, err)
				return fails
			}
			fails = append(fails, checkTreeNodes(i, resp.Nodes, x)...)
			fails = append(fails, checkContent(i, id, resp.Content, x)...)
			if x.AllDescendants {
				docID, _ := treenav.SplitNodeID(resp.NodeID)
				tr, err := ix.Tree(TreeRequest{DocID: docID})
				if err != nil {
					fail(i, "tree %s: %v", docID, err)
					return fails
				}
				want := descendants(tr.Nodes, resp.NodeID)
				var got []string
				for _, n := range resp.Nodes {
					got = append(got, n.NodeID)
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					fail(i, "navigate %s returned %d nodes %v, the tree has %d descendants %v", id, len(got), got, len(want), want)
				}
			}
		default:
			fail(i, "unknown op %q", st.Op)
		}
	}
	return fails
}

// scenarioIDs lists the doc and node ids a scenario names.
func scenarioIDs(sc navScenario) []string {
	var out []string
	for _, st := range sc.Steps {
		x := st.Expect
		out = append(out, st.DocID, st.NodeID, x.DocInResults, x.TopDoc, x.ParentID)
		for _, n := range x.Nodes {
			out = append(out, n.NodeID, n.ParentID)
		}
		if x.Children != nil {
			out = append(out, *x.Children...)
		}
	}
	return out
}

// descendants lists, in document order, the nodes under id in a tree.
func descendants(nodes []treenav.TreeNode, id string) []string {
	parent := map[string]string{}
	for _, n := range nodes {
		parent[n.NodeID] = n.ParentID
	}
	var out []string
	for _, n := range nodes {
		for p := n.ParentID; p != ""; p = parent[p] {
			if p == id {
				out = append(out, n.NodeID)
				break
			}
		}
	}
	return out
}

func checkTreeNodes(step int, nodes []treenav.TreeNode, x navExpect) []string {
	var fails []string
	fail := func(format string, args ...any) {
		fails = append(fails, fmt.Sprintf("step %d: %s", step+1, fmt.Sprintf(format, args...)))
	}
	byID := map[string]treenav.TreeNode{}
	titles := map[string]bool{}
	for _, n := range nodes {
		byID[n.NodeID] = n
		titles[n.Title] = true
		for _, k := range x.KindsAbsent {
			if string(n.Kind) == k {
				fail("%s has kind %s", n.NodeID, k)
			}
		}
	}
	for _, tt := range x.Titles {
		if !titles[tt] {
			fail("no node titled %q", tt)
		}
	}
	for _, w := range x.Nodes {
		n, ok := byID[w.NodeID]
		switch {
		case !ok:
			fail("node %s missing", w.NodeID)
		case w.ParentID != "" && n.ParentID != w.ParentID:
			fail("%s has parent %q, want %q", w.NodeID, n.ParentID, w.ParentID)
		case w.Kind != "" && string(n.Kind) != w.Kind:
			fail("%s has kind %s, want %s", w.NodeID, n.Kind, w.Kind)
		case w.Level != 0 && n.Level != w.Level:
			fail("%s has level %d, want %d", w.NodeID, n.Level, w.Level)
		case w.Title != "" && n.Title != w.Title:
			fail("%s has title %q, want %q", w.NodeID, n.Title, w.Title)
		}
	}
	return fails
}

func checkContent(step int, id, content string, x navExpect) []string {
	var fails []string
	for _, s := range x.Contains {
		if !strings.Contains(content, s) {
			fails = append(fails, fmt.Sprintf("step %d: content of %s lacks %q", step+1, id, s))
		}
	}
	for _, s := range x.NotContains {
		if strings.Contains(content, s) {
			fails = append(fails, fmt.Sprintf("step %d: content of %s has %q", step+1, id, s))
		}
	}
	return fails
}
