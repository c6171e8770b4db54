package cmd

import (
	"path/filepath"
)

// goosIsWindows reports whether the tests run on Windows.
func goosIsWindows() bool { return filepath.Separator == '\\' }
