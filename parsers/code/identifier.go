package code

// unquoteIdent drops the backticks that let Kotlin, Scala and Swift use a
// keyword or spaces as a name (`is`, `type`, `default`): the name is
// what is between them.
func unquoteIdent(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return s[1 : len(s)-1]
	}
	return s
}
