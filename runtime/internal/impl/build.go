package impl

import (
	"slices"
	"sync"
	"unsafe"
)

// This file is a builder's call: where it reads and writes (Input), Build,
// which runs the filter and then the layers, and the state a call keeps
// (builder).

// Input is the environment a generated builder reads and the slice it
// appends to. For generated code: Given, Fresh and OS make one.
type Input struct {
	dst, environ []string
	// owned: environ is this process's environment, read where it holds
	// neither a NUL byte nor a name twice (see ownedOS), into a slice
	// the builder may overwrite: it filters it in place without those
	// checks.
	owned bool
	// fromOS: this process's environment, not read yet (see OS).
	fromOS bool
	// fresh: build into a fresh slice as long as the result (see Fresh).
	fresh bool
}

// Given is the input of an Append…Env call: append to dst the
// environment built from environ. For generated code.
func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

// Fresh is the input of an …Env call: the environment built from environ,
// in a new slice as long as the result (built first in a pooled one), so
// that an isolated task that keeps 5 % of a large environment allocates
// for that 5 %. For generated code.
func Fresh(environ []string) Input { return Input{environ: environ, fresh: true} }

// Build returns in's dst with the environment that task t gives a child
// appended: built from in's environ (os.Environ form), the task's defines
// (NAME=value entries), the call's overrides and the task's binPaths
// directories. It never reads or writes dst[:len(dst)]. For generated
// code, which documents what it allocates.
//
// dst may share environ's array: Given(environ[:0], environ) filters in
// place, with the result a separate dst would get and no allocation
// more. A dst whose room starts inside environ, after its first entry,
// would overwrite entries not yet read: Build then copies environ first,
// as it does for Keep and KeepMatching, which read environ after the
// filter, when the room starts anywhere inside it.
func Build(in Input, t *Task, defines []string, overrides []Var, path []Dir) []string {
	if len(overrides) > 0 && reporting(overrides) {
		return buildReporting(in, t, defines, overrides, path, windows)
	}
	switch {
	case in.fromOS:
		in = readOS(t.tables(false), len(defines)+len(overrides)+1, readsEnviron(overrides))
	case in.fresh:
		return buildFresh(in.environ, t, defines, overrides, path, windows)
	}
	return build(in, t, defines, overrides, path, windows)
}

// buildFresh is Build of a Fresh input: built in a pooled slice, then
// copied to one as long as the result.
func buildFresh(environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	scratch := scratchPool.Get().(*[]string)
	built := build(Given((*scratch)[:0], environ), t, defines, overrides, path, fold)
	out := make([]string, len(built))
	copy(out, built)
	if cap(built) > cap(*scratch) { // built grew out of scratch, which is dropped
		*scratch = make([]string, 0, cap(built)) // the next call needs no more room (built itself would let environ escape)
	} else {
		clear(built) // drop the references to the call's strings; applyLayers cleared any past len(built)
	}
	scratchPool.Put(scratch)
	return out
}

// build is Build with the name comparison chosen by fold, so that tests
// can run the Windows rules on any OS.
func build(in Input, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	c := t.tables(fold)
	dst, environ := in.dst, in.environ
	// Written from its second entry on, environ would be overwritten
	// before it is read; and Keep and KeepMatching read it after the
	// filter, which, in place, has overwritten it: they read a copy.
	if room := dst[len(dst):cap(dst)]; ahead(room, environ, 1) || readsEnviron(overrides) && ahead(room, environ, 0) {
		environ = slices.Clone(environ)
	}
	b := builder{base: len(dst), c: c, environ: environ}
	if in.owned && !fold {
		return b.applyLayers(b.filter(dst, environ), defines, overrides, path)
	}
	// The de-duplication table, at most half full: on the stack up to 256
	// slots, else from a pool, where it allocates only when the pool has
	// none big enough.
	size := tableSize(len(environ) + len(defines) + len(overrides) + 1) // PATH too
	var small [256]uint64
	var pooled pooled // not in builder: the escape analysis, which tells no fields apart, would take small to the heap
	b.pooled = &pooled
	if size <= len(small) {
		b.table = small[:size]
	} else {
		b.table = pooled.get().slots(size)
	}
	out := b.applyLayers(b.filter(dst, environ), defines, overrides, path)
	if s := pooled.s; s != nil {
		clear(s.table)
		clear(s.gone) // drop the references to the call's strings
		s.gone = s.gone[:0]
		tablePool.Put(s)
	}
	return out
}

// BuildFold is Build over Given(dst, environ) with the name comparison
// chosen by fold, whatever GOOS: fold true runs the Windows rules. For
// tests, through envimpl.
func BuildFold(dst, environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	if reporting(overrides) {
		return buildReporting(Given(dst, environ), t, defines, overrides, path, fold)
	}
	return build(Given(dst, environ), t, defines, overrides, path, fold)
}

// scratchPool holds the slices Fresh inputs are built in first.
var scratchPool = sync.Pool{New: func() any { return new([]string) }}

// builder filters environ by the task c and applies the layers after the
// filter: defines, overrides and binPaths. table is the de-duplication
// table (nil for an owned environ: names are then found by a scan of the
// output). base is the length of dst, whose entries it never touches.
// environ is the call's environment as given, for the overrides that
// read it (Keep, KeepMatching).
type builder struct {
	table   []uint64
	pooled  *pooled // the names left out, in pooled.s.gone
	base    int
	removed bool // an Unset or Drop left a bare name in the output
	environ []string
	c       *taskTables
}

// ahead reports whether room, where the output goes, starts inside
// environ at index from or later: from 1, writing would overwrite entries
// not yet read; from 0, entries read before. It compares addresses, as
// crypto/internal/alias does: room starts inside environ's array only if
// they share it, since arrays do not overlap.
func ahead(room, environ []string, from int) bool {
	if cap(room) == 0 || len(environ) <= from {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(room)))
	first := uintptr(unsafe.Pointer(&environ[from]))
	end := uintptr(unsafe.Pointer(unsafe.SliceData(environ))) + uintptr(len(environ))*unsafe.Sizeof("")
	return first <= start && start < end
}
