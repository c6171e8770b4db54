package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// goosIsWindows reports whether the tests run on Windows.
func goosIsWindows() bool { return filepath.Separator == '\\' }

// markdownSection returns the text of the section whose heading line
// starts with heading, up to the next heading of the same or a higher
// level. A line in a fenced code block is never a heading.
func markdownSection(doc, heading string) string {
	start := strings.Index(doc, "\n"+heading)
	if start < 0 {
		return ""
	}
	level := strings.Index(heading, " ")
	rest := doc[start+1:]
	first, _, _ := strings.Cut(rest, "\n")
	fenced := false
	for i, n := len(first)+1, 0; i < len(rest); i += n {
		line, _, _ := strings.Cut(rest[i:], "\n")
		n = len(line) + 1
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if hashes := len(line) - len(strings.TrimLeft(line, "#")); !fenced && hashes > 0 && hashes <= level && strings.HasPrefix(line[hashes:], " ") {
			return rest[:i]
		}
	}
	return rest
}

// codeBlocks returns the fenced code blocks of a Markdown text in order.
func codeBlocks(md string) []codeBlock {
	var out []codeBlock
	for _, m := range regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$").FindAllStringSubmatch(md, -1) {
		out = append(out, codeBlock{m[1], m[2]})
	}
	return out
}

// goCommand returns the go command of the toolchain running the test, or
// else the one on PATH.
func goCommand(t *testing.T) string {
	t.Helper()
	exe := "go"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if p := filepath.Join(runtime.GOROOT(), "bin", exe); fileExists(p) {
		return p
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	return p
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// codeBlock is one fenced code block of a Markdown text.
type codeBlock struct{ lang, text string }
