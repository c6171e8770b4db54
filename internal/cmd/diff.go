package cmd

import (
	"bytes"
	"fmt"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// unifiedDiff returns the unified diff (as diff -u writes it) that turns
// text a, named aName, into b, named bName; empty if they are equal. It
// pairs lines by a longest common subsequence of what lies between the
// common prefix and suffix, which is quadratic in that middle only:
// enough for a generated file against its last version.
func unifiedDiff(aName, bName string, a, b []byte) []byte {
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out bytes.Buffer
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	changed := false
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		changed = true
		// A hunk: from diffContext lines before this change to
		// diffContext lines after the last change that is at most
		// 2*diffContext unchanged lines from the one before.
		start := max(i-diffContext, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*diffContext {
				break
			}
		}
		end = min(end+diffContext, len(ops))
		ai, bi := ops[start].a, ops[start].b
		na, nb := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(ai, na), hunkRange(bi, nb))
		for _, op := range ops[start:end] {
			line := op.line
			out.WriteByte(op.kind)
			out.WriteString(line)
			if len(line) == 0 || line[len(line)-1] != '\n' {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	if !changed {
		return nil
	}
	return out.Bytes()
}

// hunkRange is one side of a hunk header as GNU diff writes it:
// "start,count" numbered from 1, "start" alone for one line, and for an
// empty side the line before it with count 0.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// diffOp is one line of a diff: kind ' ' (in both), '-' (only in the
// old text) or '+' (only in the new); a and b are how many lines of
// each text come before it.
type diffOp struct {
	kind byte
	line string
	a, b int
}

// diffLines returns the edit script that turns lines x into lines y.
func diffLines(x, y []string) []diffOp {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	// lcs[i][j] is the length of a longest common subsequence of mx[i:]
	// and my[j:].
	lcs := make([][]int32, len(mx)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(my)+1)
	}
	for i := len(mx) - 1; i >= 0; i-- {
		for j := len(my) - 1; j >= 0; j-- {
			if mx[i] == my[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []diffOp
	a, b := 0, 0
	emit := func(kind byte, line string) {
		ops = append(ops, diffOp{kind, line, a, b})
		if kind != '+' {
			a++
		}
		if kind != '-' {
			b++
		}
	}
	for _, l := range x[:pre] {
		emit(' ', l)
	}
	i, j := 0, 0
	for i < len(mx) || j < len(my) {
		switch {
		case i < len(mx) && j < len(my) && mx[i] == my[j]:
			emit(' ', mx[i])
			i, j = i+1, j+1
		case j == len(my) || (i < len(mx) && lcs[i+1][j] >= lcs[i][j+1]):
			emit('-', mx[i])
			i++
		default:
			emit('+', my[j])
			j++
		}
	}
	for _, l := range x[len(x)-suf:] {
		emit(' ', l)
	}
	return ops
}

// splitLines splits text into lines, each with its "\n" but perhaps the
// last.
func splitLines(text []byte) []string {
	var lines []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			i = len(text) - 1
		}
		lines = append(lines, string(text[:i+1]))
		text = text[i+1:]
	}
	return lines
}
