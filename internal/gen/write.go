package gen

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteIfChanged writes data to path unless path already holds exactly
// data, so that an unchanged policy leaves the file (and its mtime) alone.
// It writes a temporary file in the same directory and renames it over
// path, so a reader never sees a half-written file.
func WriteIfChanged(path string, data []byte) (changed bool, err error) {
	old, err := os.ReadFile(path)
	if err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	return true, os.Rename(tmp.Name(), path)
}

// UpToDate reports whether path exists and holds exactly data.
func UpToDate(path string, data []byte) (bool, error) {
	old, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return bytes.Equal(old, data), nil
}
