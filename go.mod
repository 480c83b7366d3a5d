module github.com/treenav/treenav

go 1.26

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/smacker/go-tree-sitter v0.0.0-20240827094217-dd81d9e9be82
)

require github.com/kljensen/snowball v0.10.0 // indirect
