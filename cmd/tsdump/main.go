// Command tsdump prints the tree-sitter syntax tree of a file, one node per
// line with its field name, type and line range, as the extractor sees it
// (after the language's Repair hook, if any). It is a tool for writing
// queries/<lang>.scm: look at the tree, then write the pattern.
//
//	go run ./cmd/tsdump [-lang NAME] [-anon] [-raw] FILE
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav/parsers/code"
)

func main() {
	lang := flag.String("lang", "", "language name (default: detected from the file)")
	anon := flag.Bool("anon", false, "also print anonymous nodes (punctuation, keywords)")
	raw := flag.Bool("raw", false, "parse the file as is, without the language's Preprocess and Repair steps")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: tsdump [-lang NAME] [-anon] [-raw] FILE")
		os.Exit(2)
	}
	src, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var l *code.Language
	if *lang != "" {
		l = code.Lookup(*lang)
	} else {
		l = code.Detect(flag.Arg(0), src)
	}
	if l == nil {
		fmt.Fprintf(os.Stderr, "tsdump: unknown language (known: %s)\n", strings.Join(code.Languages(), ", "))
		os.Exit(2)
	}
	var tree *sitter.Tree
	if *raw {
		p := sitter.NewParser()
		p.SetLanguage(l.Grammar())
		tree, err = p.ParseCtx(context.Background(), nil, src)
	} else {
		// What the extractor parses: preprocessed (C macros blanked) and
		// repaired (TypeScript syntax newer than the grammar).
		tree, err = l.Parse(src)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer tree.Close()
	var walk func(n *sitter.Node, field string, depth int)
	walk = func(n *sitter.Node, field string, depth int) {
		if !n.IsNamed() && !*anon {
			return
		}
		label := n.Type()
		if !n.IsNamed() {
			label = fmt.Sprintf("%q", label)
		}
		if field != "" {
			label = field + ": " + label
		}
		txt := ""
		if n.ChildCount() == 0 {
			txt = " " + strings.ReplaceAll(n.Content(src), "\n", `\n`)
			if len(txt) > 60 {
				txt = txt[:60] + "…"
			}
		}
		fmt.Printf("%s%s [%d-%d]%s\n", strings.Repeat("  ", depth), label, n.StartPoint().Row+1, n.EndPoint().Row+1, txt)
		for i := 0; i < int(n.ChildCount()); i++ {
			walk(n.Child(i), n.FieldNameForChild(i), depth+1)
		}
	}
	walk(tree.RootNode(), "", 0)
}
