package policy

import "strings"

// Sources shared by several entries of the injection list.
const (
	srcSudoEnvDelete = "[sudo: `initial_badenv_table` (env_delete)](https://github.com/sudo-project/sudo/blob/main/plugins/sudoers/env.c)"
	srcLdSo          = "[ld.so(8): environment](https://man7.org/linux/man-pages/man8/ld.so.8.html#ENVIRONMENT)"
	srcGlibcUnsec    = "[glibc: `UNSECURE_ENVVARS`, removed for setuid programs](https://sourceware.org/git/?p=glibc.git;a=blob;f=sysdeps/generic/unsecvars.h)"
	srcDyld          = "[dyld(1)](https://github.com/opensource-apple/dyld/blob/3f928f32597888c5eac6003b9199d972d49857b5/doc/man/man1/dyld.1)"
	srcBashVars      = "[Bash manual: Bash variables](https://www.gnu.org/software/bash/manual/html_node/Bash-Variables.html)"
	srcBourneVars    = "[Bash manual: Bourne shell variables](https://www.gnu.org/software/bash/manual/html_node/Bourne-Shell-Variables.html)"
	srcZshParams     = "[zsh: parameters used by the shell](https://zsh.sourceforge.io/Doc/Release/Parameters.html#Parameters-Used-By-The-Shell)"
	srcPerlRun       = "[perlrun: environment](https://perldoc.perl.org/perlrun#ENVIRONMENT)"
	srcRubyMan       = "[ruby(1): environment](https://github.com/ruby/ruby/blob/master/man/ruby.1)"
	srcJavaTools     = "[Java troubleshooting: `JAVA_TOOL_OPTIONS`](https://docs.oracle.com/en/java/javase/21/troubleshoot/environment-variables-and-system-properties.html)"
	srcDotnetProfile = "[.NET: debugging and profiling settings](https://learn.microsoft.com/en-us/dotnet/core/runtime-config/debugging-profiling)"
	srcOpenSSLEnv    = "[openssl-env(7)](https://docs.openssl.org/3.0/man7/openssl-env/)"
)

// BuiltinInjection is the list of variables that make a child load or run
// code it was not asked to: what an inherit task with dropInjection: true
// drops. It starts from sudo's default env_delete table (sudoers'
// initial_badenv_table), adds what glibc's loader removes for setuid
// programs and the startup hooks of common interpreters, and leaves out
// what would break ordinary children:
//
//   - sudo's env_check table (COLORTERM, LANG, LANGUAGE, LC_*, LINGUAS,
//     TERM, TZ), which sudo keeps unless the value holds '/' or '%': those
//     name data, not code, and TERM and LANG are essentials;
//   - glibc's TMPDIR (an essential) and data-only paths (TZDIR, GETCONF_DIR,
//     MALLOC_TRACE, NIS_PATH, RESOLV_HOST_CONF);
//   - sudo's site-specific entries: AUTHSTATE (AIX) and the SecurID
//     VAR_ACE, USR_ACE, DLC_ACE; KRB5_KTNAME is a built-in secret already.
//
// Program-specific commands (EDITOR, PAGER, GIT_SSH_COMMAND, …) are not
// here: a task that must not run them lists them in unset.
//
// Bash functions need two rules: since bash 4.3 patch 27 an exported
// function travels as BASH_FUNC_name%%=() { …; }, matched here by name;
// older bash (the Shellshock era, CVE-2014-6271) exports it under the
// function's own name, so the runtime also drops any inherited entry whose
// value starts with "()", whatever follows, as sudo's "*=()*" entry does.
var BuiltinInjection = []Builtin{
	{"LD_*", "Dynamic loader", srcLdSo},
	{"DYLD_*", "Dynamic loader", srcDyld},
	{"_RLD*", "Dynamic loader", srcSudoEnvDelete},
	{"LDR_*", "Dynamic loader", srcSudoEnvDelete},
	{"LIBPATH", "Dynamic loader", srcSudoEnvDelete},
	{"SHLIB_PATH", "Dynamic loader", srcSudoEnvDelete},
	{"GCONV_PATH", "Dynamic loader", "[glibc manual: the iconv implementation (GCONV_PATH)](https://www.gnu.org/software/libc/manual/html_node/glibc-iconv-Implementation.html)"},
	{"GLIBC_TUNABLES", "Dynamic loader", "[glibc manual: tunables](https://www.gnu.org/software/libc/manual/html_node/Tunables.html)"},

	{"LOCPATH", "C library", srcGlibcUnsec},
	{"NLSPATH", "C library", srcSudoEnvDelete},
	{"PATH_LOCALE", "C library", srcSudoEnvDelete},
	{"HOSTALIASES", "C library", srcSudoEnvDelete},
	{"LOCALDOMAIN", "C library", srcSudoEnvDelete},
	{"RES_OPTIONS", "C library", srcSudoEnvDelete},
	{"TERMINFO", "C library", srcSudoEnvDelete},
	{"TERMINFO_DIRS", "C library", srcSudoEnvDelete},
	{"TERMPATH", "C library", srcSudoEnvDelete},
	{"TERMCAP", "C library", srcSudoEnvDelete},
	{"KRB5_CONFIG*", "C library", srcSudoEnvDelete},

	{"BASH_FUNC_*", "Shells", "[bash 4.3 patch 27: exported functions as BASH_FUNC_name%%](https://ftp.gnu.org/gnu/bash/bash-4.3-patches/bash43-027)"},
	{"BASH_ENV", "Shells", srcBashVars},
	{"ENV", "Shells", "[POSIX sh: ENV](https://pubs.opengroup.org/onlinepubs/9799919799/utilities/sh.html)"},
	{"SHELLOPTS", "Shells", srcBashVars},
	{"BASHOPTS", "Shells", srcBashVars},
	{"PS4", "Shells", srcBashVars},
	{"PROMPT_COMMAND", "Shells", srcBashVars},
	{"GLOBIGNORE", "Shells", srcBashVars},
	{"IFS", "Shells", srcBourneVars},
	{"CDPATH", "Shells", srcBourneVars},
	{"FPATH", "Shells", srcZshParams},
	{"ZDOTDIR", "Shells", srcZshParams},
	{"NULLCMD", "Shells", srcZshParams},
	{"READNULLCMD", "Shells", srcZshParams},
	{"TMPPREFIX", "Shells", srcZshParams},

	{"PYTHONPATH", "Python", "[Python: `PYTHONPATH`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONPATH)"},
	{"PYTHONHOME", "Python", "[Python: `PYTHONHOME`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONHOME)"},
	{"PYTHONSTARTUP", "Python", "[Python: `PYTHONSTARTUP`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONSTARTUP)"},
	{"PYTHONINSPECT", "Python", "[Python: `PYTHONINSPECT`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONINSPECT)"},
	{"PYTHONUSERBASE", "Python", "[Python: `PYTHONUSERBASE`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONUSERBASE)"},
	{"PYTHONBREAKPOINT", "Python", "[Python: `PYTHONBREAKPOINT`](https://docs.python.org/3/using/cmdline.html#envvar-PYTHONBREAKPOINT)"},

	{"PERL5LIB", "Perl", srcPerlRun},
	{"PERLLIB", "Perl", srcPerlRun},
	{"PERL5OPT", "Perl", srcPerlRun},
	{"PERL5DB", "Perl", srcPerlRun},
	{"PERLIO_DEBUG", "Perl", srcPerlRun},

	{"RUBYLIB", "Ruby", srcRubyMan},
	{"RUBYOPT", "Ruby", srcRubyMan},

	{"NODE_OPTIONS", "Node.js", "[Node.js CLI: `NODE_OPTIONS`](https://nodejs.org/api/cli.html#node_optionsoptions)"},
	{"NODE_PATH", "Node.js", "[Node.js CLI: `NODE_PATH`](https://nodejs.org/api/cli.html#node_pathpath)"},

	{"JAVA_TOOL_OPTIONS", "Java", srcJavaTools},
	{"JDK_JAVA_OPTIONS", "Java", "[java: `JDK_JAVA_OPTIONS`](https://docs.oracle.com/en/java/javase/21/docs/specs/man/java.html#using-the-jdk_java_options-launcher-environment-variable)"},

	{"DOTNET_STARTUP_HOOKS", ".NET", "[.NET: host startup hook](https://github.com/dotnet/runtime/blob/main/docs/design/features/host-startup-hook.md)"},
	{"CORECLR_ENABLE_PROFILING", ".NET", srcDotnetProfile},
	{"CORECLR_PROFILER_PATH*", ".NET", srcDotnetProfile},
	{"COR_ENABLE_PROFILING", ".NET", srcDotnetProfile},
	{"COR_PROFILER_PATH*", ".NET", srcDotnetProfile},

	{"LUA_INIT*", "Lua", "[Lua 5.4 manual: standalone Lua (`LUA_INIT`)](https://www.lua.org/manual/5.4/manual.html#7)"},
	{"LUA_PATH*", "Lua", "[Lua 5.4 manual: `package.path`](https://www.lua.org/manual/5.4/manual.html#pdf-package.path)"},
	{"LUA_CPATH*", "Lua", "[Lua 5.4 manual: `package.cpath`](https://www.lua.org/manual/5.4/manual.html#pdf-package.cpath)"},

	{"OPENSSL_CONF", "OpenSSL", srcOpenSSLEnv},
	{"OPENSSL_ENGINES", "OpenSSL", srcOpenSSLEnv},
	{"OPENSSL_MODULES", "OpenSSL", srcOpenSSLEnv},
}

// BashFunctionPrefix starts the value of a bash exported function in the
// format bash used before 4.3 patch 27, under any name: "() {" as bash
// writes it, but bash also reads "(){" and "()\t{", so the check stops
// at "()", as sudo's does.
const BashFunctionPrefix = "()"

// injectionMarkdown renders the injection list as the README's Markdown
// table, in the form of builtinsMarkdown.
func injectionMarkdown() string {
	var b strings.Builder
	b.WriteString("#### Injection variables\n\n")
	b.WriteString("| Name | Group | Source |\n")
	b.WriteString("| --- | --- | --- |\n")
	for _, e := range BuiltinInjection {
		b.WriteString("| `" + e.Name + "` | " + e.Group + " | " + e.Source + " |\n")
	}
	b.WriteString("| any name whose value starts with `()` | Shells | " + srcSudoEnvDelete + " (`*=()*`); [CVE-2014-6271 (Shellshock)](https://nvd.nist.gov/vuln/detail/CVE-2014-6271) |\n")
	return b.String()
}
