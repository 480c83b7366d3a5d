package main

import (
	"flag"
	"fmt"
	"strconv"
)

// boundedInt is an integer flag with a least value: a bad --limit fails
// with a message instead of falling back to the default (the MCP tools
// reject the same values through their input schemas).
type boundedInt struct {
	v, min int
	what   string // what the least value means, for the message
}

func (b *boundedInt) String() string {
	if b == nil {
		return "0"
	}
	return strconv.Itoa(b.v)
}

func (b *boundedInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("not a whole number")
	}
	if n < b.min {
		return fmt.Errorf("must be at least %d%s", b.min, b.what)
	}
	b.v = n
	return nil
}

// intFlag defines an integer flag with default def whose value must be
// at least min; what, when set, says what min means (", -1: no bound").
func intFlag(fs *flag.FlagSet, name string, def, min int, usage, what string) *int {
	b := &boundedInt{v: def, min: min, what: what}
	fs.Var(b, name, usage)
	return &b.v
}
