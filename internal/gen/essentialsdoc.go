package gen

import (
	"fmt"
	"strings"

	"github.com/envgen/envgen/internal/policy"
)

// EssentialsNote is what a policy's essentials are, as an isolated
// builder's doc comment spells them out: go doc on the generated package
// then says what such a task passes in full.
type EssentialsNote struct {
	Builtin bool     // essentials.builtin
	Extra   []string // essentials.extra, in order
}

// Lines returns the sentence that says what the essentials are, wrapped
// for a comment: the built-in names listed (POSIX, then Windows), then
// essentials.extra's.
func (e EssentialsNote) Lines() []string {
	var text string
	extra := strings.Join(e.Extra, ", ")
	if len(e.Extra) > maxListedExtra {
		// Every isolated builder's comment holds this list: past a
		// dozen or so names it would grow the file by tasks × names.
		extra = fmt.Sprintf("%d names, %s, … (the policy lists them all)", len(e.Extra), strings.Join(e.Extra[:maxListedExtra], ", "))
	}
	switch {
	case e.Builtin && len(e.Extra) > 0:
		text = "The essentials are the built-in list, " + builtinEssentials() + ", and from essentials.extra " + extra + "."
	case e.Builtin:
		text = "The essentials are the built-in list, " + builtinEssentials() + "."
	case len(e.Extra) > 0:
		text = "The essentials are essentials.extra's " + extra + " (the built-in list is off)."
	default:
		text = "There are no essentials: the built-in list is off and essentials.extra is empty."
	}
	return wrapWords(text, 76)
}

// maxListedExtra is how many essentials.extra names a builder's comment
// lists before it gives only their number and the first of them.
const maxListedExtra = 16

// builtinEssentials lists the built-in essentials, the Windows ones after
// "and for Windows", in parentheses.
func builtinEssentials() string {
	var posix, windows []string
	for _, b := range policy.BuiltinEssentials {
		if b.Group == "Windows" {
			windows = append(windows, b.Name)
		} else {
			posix = append(posix, b.Name)
		}
	}
	return strings.Join(posix, " ") + " (and for Windows " + strings.Join(windows, " ") + ")"
}

// wrapWords breaks text at spaces into lines of at most width bytes (a
// longer word gets a line of its own).
func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// readsSomething reports whether one of dirs holds a {param} or ${NAME}.
func readsSomething(dirs [][]Piece) bool {
	for _, d := range dirs {
		for _, s := range d {
			if s.Param != "" || s.Env != "" {
				return true
			}
		}
	}
	return false
}
