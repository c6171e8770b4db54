package envgenvet

import "bytes"

// NeedsAnalysis reports whether a package that imports imports, and
// whose Go files hold files, may start a child or compute an environment
// the analysis knows, whatever the facts of its imports: a driver that
// runs the analysis one package at a time needs to run it on a
// dependency only when this holds, or one of its imports has facts. It
// reads the files as text, and errs on the side of yes.
func NeedsAnalysis(imports []string, files [][]byte) bool {
	for _, imp := range imports {
		if !relevantImports[imp] {
			continue
		}
		words, ok := spawnWords[imp]
		if !ok {
			return true
		}
		for _, w := range words {
			for _, f := range files {
				if bytes.Contains(f, []byte(w)) {
					return true
				}
			}
		}
	}
	return false
}
