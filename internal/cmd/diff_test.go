package cmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnifiedDiff compares with what GNU diff -u prints for the same two
// texts: two hunks, a last line without a newline, a hunk of one line.
func TestUnifiedDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn"
	assert.Equal(t, `--- old
+++ new
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -11,3 +11,4 @@
 k
 l
 m
+n
\ No newline at end of file
`, string(unifiedDiff("old", "new", []byte(old), []byte(new))))
	assert.Empty(t, unifiedDiff("old", "new", []byte(old), []byte(old)))
	assert.Equal(t, "--- old\n+++ new\n@@ -0,0 +1 @@\n+x\n", string(unifiedDiff("old", "new", nil, []byte("x\n"))))
}
