package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/treenav/treenav"
)

// Default server-side ceilings on what one tool call may ask for, as the
// config's [server] max_chars and max_nodes default to.
const (
	DefaultCeilingChars = treenav.DefaultServerMaxChars
	DefaultCeilingNodes = treenav.DefaultServerMaxNodes
)

// Ceiling bounds max_chars and max_nodes of every tool call (0: the
// default). A call asking for more is answered within the ceiling, and
// says so.
type Ceiling struct {
	MaxChars, MaxNodes int
}

func (c Ceiling) chars() int {
	if c.MaxChars > 0 {
		return c.MaxChars
	}
	return DefaultCeilingChars
}

func (c Ceiling) nodes() int {
	if c.MaxNodes > 0 {
		return c.MaxNodes
	}
	return DefaultCeilingNodes
}

// ceilingKey is the structuredContent field that says a call's max_chars
// or max_nodes was lowered to the ceiling; an answer within the ceiling
// does not have it.
const ceilingKey = "bounded"

// clamp lowers the MaxChars and MaxNodes fields of the arguments args
// points to (a tool's Args struct) to the ceiling, and says what it
// lowered ("" for nothing). An unbounded max_nodes (negative) is
// bounded too. A get_tree without max_chars gets the ceiling, quietly:
// its default is a node count.
func (c Ceiling) clamp(args any) string {
	v := reflect.ValueOf(args)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return ""
	}
	v = v.Elem()
	var note string
	lower := func(field, param string, limit int, quietZero bool) {
		f := v.FieldByName(field)
		if !f.IsValid() || f.Kind() != reflect.Int {
			return
		}
		n := int(f.Int())
		switch {
		case n > limit || n < 0:
			asked := fmt.Sprint(n)
			if n < 0 {
				asked = "unbounded"
			}
			f.SetInt(int64(limit))
			if note != "" {
				note += "; "
			}
			note += fmt.Sprintf("%s %s lowered to the server's ceiling of %d", param, asked, limit)
		case n == 0 && quietZero:
			f.SetInt(int64(limit))
		}
	}
	_, isTree := args.(*TreeArgs)
	lower("MaxChars", "max_chars", c.chars(), isTree)
	lower("MaxNodes", "max_nodes", c.nodes(), false)
	return note
}

// withKey adds "key": note to the JSON object obj.
func withKey(obj []byte, key, note string) []byte {
	end := bytes.LastIndexByte(obj, '}')
	if end < 0 {
		return obj
	}
	q, _ := json.Marshal(note)
	out := append([]byte(nil), obj[:end]...)
	if body := bytes.TrimSpace(out); len(body) > 0 && body[len(body)-1] != '{' {
		out = append(out, ',')
	}
	out = append(out, `"`+key+`":`...)
	out = append(out, q...)
	return append(out, obj[end:]...)
}
