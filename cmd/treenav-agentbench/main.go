// Command treenav-agentbench measures what an agent reads to answer
// questions about code it has never seen: each task of tasks.go is run
// two ways, with treenav's tools through an MCP client (the project's
// own binary, "treenav serve" over stdio) and with a scripted grep and
// sed baseline, counting the calls and the bytes of text read until the
// answer is in hand. It prints a table and writes it as JSON with -out.
//
//	make agentbench
//	go run ./cmd/treenav-agentbench -treenav bin/treenav [-goroot DIR] [-pystdlib DIR]
//
// The bytes of a tool call are its text content, what the model reads;
// its structuredContent, which some clients show instead, is counted
// apart. Not part of make test: it needs the corpora and takes minutes
// the first time (the indexes are kept in -index-dir).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	bin := flag.String("treenav", "bin/treenav", "the treenav binary to serve with")
	goroot := flag.String("goroot", "", "the Go source tree (default: $(go env GOROOT)/src)")
	pystd := flag.String("pystdlib", "", "Python's standard library (default: python3's)")
	indexDir := flag.String("index-dir", filepath.Join(os.TempDir(), "treenav-agentbench"), "where the servers keep their index snapshots")
	out := flag.String("out", "", "also write the results as JSON to this file")
	only := flag.String("task", "", "run only the tasks whose name contains this")
	flag.BoolVar(&verbose, "v", false, "print every call and the text it returned to stderr")
	flag.Parse()
	if err := run(*bin, *goroot, *pystd, *indexDir, *out, *only); err != nil {
		fmt.Fprintln(os.Stderr, "treenav-agentbench:", err)
		os.Exit(1)
	}
}

// verbose prints what each side read, to see where the bytes go.
var verbose bool

// side is one way of doing a task: its calls and bytes until the answer
// was in hand, and whether it was.
type side struct {
	Calls      int  `json:"calls"`
	Bytes      int  `json:"bytes"`
	Structured int  `json:"structured_bytes,omitempty"`
	Answered   bool `json:"answered"`
}

// result is one task's two sides.
type result struct {
	Task    string `json:"task"`
	Kind    string `json:"kind"`
	Corpus  string `json:"corpus"`
	Treenav side   `json:"treenav"`
	Shell   side   `json:"grep"`
	Missing string `json:"missing,omitempty"` // what the run that failed did not find
}

func run(bin, goroot, pystd, indexDir, out, only string) error {
	roots := map[string]string{"go": goroot, "py": pystd}
	if roots["go"] == "" {
		b, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %w", err)
		}
		roots["go"] = filepath.Join(strings.TrimSpace(string(b)), "src")
	}
	if roots["py"] == "" {
		b, err := exec.Command("python3", "-c", `import sysconfig;print(sysconfig.get_paths()["stdlib"])`).Output()
		if err != nil {
			return fmt.Errorf("python3's stdlib: %w", err)
		}
		roots["py"] = strings.TrimSpace(string(b))
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("%w (make build first, or pass -treenav)", err)
	}
	sessions := map[string]*sdk.ClientSession{}
	defer func() {
		for _, s := range sessions {
			s.Close()
		}
	}()
	var results []result
	for _, t := range tasks {
		if only != "" && !strings.Contains(t.name, only) {
			continue
		}
		root := roots[t.corpus]
		cs := sessions[t.corpus]
		if cs == nil {
			var err error
			if cs, err = serve(bin, root, indexDir); err != nil {
				return fmt.Errorf("%s: %w", t.corpus, err)
			}
			sessions[t.corpus] = cs
		}
		r := result{Task: t.name, Kind: t.kind, Corpus: t.corpus}
		var missing string
		r.Treenav, missing = runMCP(cs, t)
		r.Shell, _ = runShell(root, t)
		if !r.Treenav.Answered {
			r.Missing = missing
		}
		results = append(results, r)
	}
	printTable(os.Stdout, results)
	if out != "" {
		b, _ := json.MarshalIndent(results, "", "  ")
		return os.WriteFile(out, append(b, '\n'), 0o644)
	}
	return nil
}

// serve starts "treenav serve" on root and waits until its index is
// ready.
func serve(bin, root, indexDir string) (*sdk.ClientSession, error) {
	cmd := exec.Command(bin, "serve", "--root", root, "--index-dir", indexDir, "--watch=false")
	cmd.Stderr = nil
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "treenav-agentbench", Version: "1"}, nil).
		Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(30 * time.Minute)
	for {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "index_status", Arguments: map[string]any{}})
		if err != nil {
			cs.Close()
			return nil, err
		}
		var st struct {
			State string `json:"state"`
		}
		b, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(b, &st)
		if st.State == "ready" {
			return cs, nil
		}
		if time.Now().After(deadline) {
			cs.Close()
			return nil, fmt.Errorf("index of %s not ready after 30 minutes", root)
		}
		time.Sleep(2 * time.Second)
	}
}

// runMCP makes the task's tool calls until the text read holds the
// answer.
func runMCP(cs *sdk.ClientSession, t task) (side, string) {
	var s side
	var read strings.Builder
	for _, c := range t.mcp {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: c.tool, Arguments: c.args})
		s.Calls++
		if err != nil {
			read.WriteString(err.Error())
			continue
		}
		for _, ct := range res.Content {
			if tc, ok := ct.(*sdk.TextContent); ok {
				s.Bytes += len(tc.Text)
				if verbose {
					a, _ := json.Marshal(c.args)
					fmt.Fprintf(os.Stderr, "== %s %s %s (%d bytes)\n%s\n", t.name, c.tool, a, len(tc.Text), tc.Text)
				}
				read.WriteString(tc.Text)
				read.WriteByte('\n')
			}
		}
		if res.StructuredContent != nil {
			b, _ := json.Marshal(res.StructuredContent)
			s.Structured += len(b)
		}
		if missing := absent(read.String(), t.answer); missing == "" {
			s.Answered = true
			return s, ""
		}
	}
	return s, absent(read.String(), t.answer)
}

// runShell runs the task's shell commands at root until their output
// holds the answer.
func runShell(root string, t task) (side, string) {
	var s side
	var read strings.Builder
	for _, c := range t.shell {
		cmd := exec.Command("bash", "-c", c)
		cmd.Dir = root
		b, _ := cmd.CombinedOutput() // grep's status 1 is "no match", an answer too
		s.Calls++
		s.Bytes += len(b)
		if verbose {
			fmt.Fprintf(os.Stderr, "== %s $ %s (%d bytes)\n%s\n", t.name, c, len(b), b)
		}
		read.Write(b)
		if absent(read.String(), t.answer) == "" {
			s.Answered = true
			return s, ""
		}
	}
	return s, absent(read.String(), t.answer)
}

// absent is the first answer string the text does not hold (spaces
// compared as runs), "" when it holds them all.
func absent(text string, answer []string) string {
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	t := norm(text)
	for _, a := range answer {
		if !strings.Contains(t, norm(a)) {
			return a
		}
	}
	return ""
}

func printTable(w *os.File, rs []result) {
	fmt.Fprintf(w, "%-22s %-18s %-3s | %5s %8s %10s | %5s %8s | %6s\n", "task", "kind", "", "calls", "bytes", "structured", "calls", "bytes", "grep/tn")
	fmt.Fprintf(w, "%-22s %-18s %-3s | %-25s | %-14s |\n", "", "", "", "treenav (MCP)", "grep/sed")
	var tn, sh, st int
	worse := 0
	for _, r := range rs {
		mark := func(s side, who string) string {
			if s.Answered {
				return ""
			}
			return " (" + who + ": not answered)"
		}
		ratio := float64(r.Shell.Bytes) / float64(max(r.Treenav.Bytes, 1))
		fmt.Fprintf(w, "%-22s %-18s %-3s | %5d %8d %10d | %5d %8d | %6.2f%s%s\n", r.Task, r.Kind, r.Corpus,
			r.Treenav.Calls, r.Treenav.Bytes, r.Treenav.Structured, r.Shell.Calls, r.Shell.Bytes, ratio, mark(r.Treenav, "treenav"), mark(r.Shell, "grep"))
		tn += r.Treenav.Bytes
		sh += r.Shell.Bytes
		st += r.Treenav.Structured
		if r.Treenav.Bytes >= r.Shell.Bytes {
			worse++
		}
		if r.Missing != "" {
			fmt.Fprintf(w, "    treenav did not find %q\n", r.Missing)
		}
	}
	fmt.Fprintf(w, "%-22s %-18s %-3s | %5s %8d %10d | %5s %8d | %6.2f\n", "total", "", "", "", tn, st, "", sh, float64(sh)/float64(max(tn, 1)))
	fmt.Fprintf(w, "tasks where treenav read as much as grep or more: %d of %d\n", worse, len(rs))
}
