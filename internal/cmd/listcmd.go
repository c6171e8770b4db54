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
}

// listMain runs envgen list: args are those after "list".
func listMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("envgen list", stderr)
	positional, code, ok := parseArgs(flags, listUsage, args, stderr)
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
			printBuiltins(stdout, l.list)
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
