package code

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// rustRepair blanks empty generic lists ("impl<> Type", "fn f<>()",
// "Type<>", "Vec::<>::new()"), which rustc accepts and the grammar does
// not: at "impl<>" it loses the whole impl block. A "<>" is blanked after
// an identifier character (the keyword impl or a name), with the "::"
// before it if there is one, and the copy keeps every offset. A "<>"
// in a string or comment is blanked too, which changes only the copy the
// grammar reads: every text is read from the original.
func rustRepair(src []byte, _ *sitter.Node) []byte {
	var out []byte
	for i := 0; i < len(src); i++ {
		if src[i] != '<' || i == 0 {
			continue
		}
		from := i
		if i >= 2 && src[i-1] == ':' && src[i-2] == ':' {
			from = i - 2 // a turbofish: "Vec::<>::new()" is "Vec::new()"
		}
		if from == 0 || !isIdentByte(src[from-1]) {
			continue
		}
		j := i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j == len(src) || src[j] != '>' {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for k := from; k <= j; k++ {
			out[k] = ' '
		}
		i = j
	}
	return out
}
