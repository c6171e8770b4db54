package cmd

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/envgen/envgen/internal/policy"
)

// listUsage is the help text of envgen list.
const listUsage = `usage: envgen list LIST

Prints a built-in list, one entry a line: the name or pattern (* matches
any run of characters), its group, and the public source it comes from.
LIST is one of:

  essentials  what every isolated task passes when set (essentials.builtin)
  secrets     the names and patterns no task inherits (secrets.builtin)
  injection   what makes a child load code, dropped under dropInjection: true
  presets     the toolchain presets a task takes with extends: [builtin:KEY]
`

// builtinLists are the lists envgen list prints, by the name it takes.
var builtinLists = []struct {
	name   string
	list   []policy.Builtin
	footer string // a line after the entries, or ""
}{
	{"essentials", policy.BuiltinEssentials, ""},
	{"secrets", policy.BuiltinSecrets, ""},
	{"injection", policy.BuiltinInjection, `dropInjection also drops any inherited entry whose value starts with "()" (an old-style bash function).`},
	{"presets", nil, "A task takes a preset with extends: [builtin:KEY]."},
}

// listMain runs envgen list: args are those after "list".
func listMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("envgen list", stderr)
	positional, code, ok := parseArgs(flags, listUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	var names []string
	for _, l := range builtinLists {
		names = append(names, l.name)
	}
	switch len(positional) {
	case 0:
		return usageError(stderr, "envgen list", "which list? one of %s", strings.Join(names, ", "))
	case 1:
	default:
		return usageError(stderr, "envgen list", "one list at a time; got %d", len(positional))
	}
	for _, l := range builtinLists {
		if l.name == positional[0] {
			if l.name == "presets" {
				printPresets(stdout, policy.BuiltinPresets)
			} else {
				printBuiltins(stdout, l.list)
			}
			if l.footer != "" {
				fmt.Fprintf(stdout, "\n%s\n", l.footer)
			}
			return exitOK
		}
	}
	return usageError(stderr, "envgen list", "no built-in list %q; the lists: %s", positional[0], strings.Join(names, ", "))
}

// printBuiltins prints list in three aligned columns: name, group and
// source, the source's Markdown links written as "title <URL>".
func printBuiltins(w io.Writer, list []policy.Builtin) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tGROUP\tSOURCE")
	for _, b := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", b.Name, b.Group, plainSource(b.Source))
	}
	tw.Flush()
}

// markdownLink matches a Markdown link whose URL may hold one level of
// parentheses, as Microsoft's do.
var markdownLink = regexp.MustCompile(`\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)`)

// plainSource turns a source written in Markdown into plain text for a
// terminal: links become "title <URL>" and code spans lose their
// backquotes.
func plainSource(md string) string {
	s := markdownLink.ReplaceAllString(md, "$1 <$2>")
	return strings.ReplaceAll(s, "`", "")
}

// printPresets prints each built-in preset: its key and what it is for,
// then the names it passes and the values it defines, with their sources.
func printPresets(w io.Writer, presets []policy.BuiltinPreset) {
	for i, p := range presets {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s%s: %s\n", policy.BuiltinPresetPrefix, p.Key, p.Doc)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, b := range p.Pass {
			fmt.Fprintf(tw, "  passThrough %s\t%s\t%s\n", b.Name, b.Group, plainSource(b.Source))
		}
		for _, d := range p.Define {
			fmt.Fprintf(tw, "  define %s=%s\t%s\t%s\n", d.Name, d.Value, d.Why, plainSource(d.Source))
		}
		tw.Flush()
	}
}
