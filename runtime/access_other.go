//go:build !unix

package envrt

// accessExec cannot tell here: the mode bits decide.
func accessExec(string) (error, bool) { return nil, false }
