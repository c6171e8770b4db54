package bench

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// interpreted is the policy parsed once at start-up and interpreted at
// every spawn, with map look-ups per entry: the model of an agent host
// that reads its env policy from a config file.
type interpreted struct {
	secrets  map[string]bool
	patterns [][]string // secret patterns split on '*', upper-cased
	pass     map[string]bool
	tasks    map[string]*interpTask
}

type interpTask struct {
	inherit  bool
	exact    map[string]bool
	patterns [][]string
	unset    map[string]bool
	define   map[string]string
}

// essentials is the built-in list.
var essentials = strings.Fields("PATH HOME SHELL USER LOGNAME TMPDIR TEMP TMP LANG LC_ALL LC_CTYPE TERM COLORTERM FORCE_COLOR NO_COLOR CI NODE_OPTIONS SYSTEMROOT APPDATA LOCALAPPDATA PROGRAMDATA PROGRAMFILES PROGRAMFILES(X86) COMSPEC PATHEXT SYSTEMDRIVE WINDIR USERPROFILE HOMEDRIVE HOMEPATH NUMBER_OF_PROCESSORS PROCESSOR_ARCHITECTURE")

// parseInterpreted reads a benchmark policy.
func parseInterpreted(src []byte) (*interpreted, error) {
	var raw struct {
		Secrets struct {
			Extra []string
			Pass  []string
		}
		Tasks map[string]struct {
			Mode        string
			PassThrough []string `yaml:"passThrough"`
			Unset       []string
			Define      map[string]string
		}
	}
	if err := yaml.Unmarshal(src, &raw); err != nil {
		return nil, err
	}
	in := &interpreted{secrets: map[string]bool{}, pass: map[string]bool{}, tasks: map[string]*interpTask{}}
	for _, s := range raw.Secrets.Extra {
		if strings.Contains(s, "*") {
			in.patterns = append(in.patterns, strings.Split(strings.ToUpper(s), "*"))
		} else {
			in.secrets[strings.ToUpper(s)] = true
		}
	}
	for _, s := range raw.Secrets.Pass {
		in.pass[s] = true
	}
	for key, t := range raw.Tasks {
		it := &interpTask{inherit: t.Mode == "inherit", exact: map[string]bool{}, unset: map[string]bool{}, define: t.Define}
		for _, p := range t.PassThrough {
			if strings.Contains(p, "*") {
				it.patterns = append(it.patterns, strings.Split(p, "*"))
			} else {
				it.exact[p] = true
			}
		}
		if !it.inherit {
			for _, e := range essentials {
				it.exact[e] = true
			}
		}
		for _, u := range t.Unset {
			it.unset[u] = true
		}
		in.tasks[key] = it
	}
	return in, nil
}

// build interprets task key over environ.
func (in *interpreted) build(key string, environ []string) []string {
	t := in.tasks[key]
	seen := make(map[string]int, len(environ))
	var out []string
	for _, e := range environ {
		name, value, ok := strings.Cut(e, "=")
		if !ok || name == "" || strings.IndexByte(e, 0) >= 0 {
			continue
		}
		if _, dup := seen[name]; dup {
			continue
		}
		seen[name] = -1
		secret := in.secret(name) && !in.pass[name] && !t.exact[name]
		keep := false
		if t.inherit {
			keep = !secret && !t.unset[name]
		} else {
			keep = t.exact[name] || !secret && globAny(t.patterns, name)
		}
		if keep {
			seen[name] = len(out)
			out = append(out, name+"="+value)
		}
	}
	for name, value := range t.define {
		if i, ok := seen[name]; ok && i >= 0 {
			out[i] = name + "=" + value
		} else {
			out = append(out, name+"="+value)
		}
	}
	return out
}

func (in *interpreted) secret(name string) bool {
	upper := strings.ToUpper(name)
	return in.secrets[upper] || globAny(in.patterns, upper)
}

// globAny reports whether name matches any pattern split on '*'.
func globAny(patterns [][]string, name string) bool {
	for _, p := range patterns {
		if glob(p, name) {
			return true
		}
	}
	return false
}

func glob(parts []string, name string) bool {
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(name, mid)
		if i < 0 {
			return false
		}
		name = name[i+len(mid):]
	}
	return strings.HasSuffix(name, last)
}
