//! Programs given as source files: `main.cpp`, `brute.py`, `Main.java`, `sol.rs`, `gen.c` run
//! as they are, each compiled once and cached by its content.
//!
//! A program is named by a command line, as `--solution` takes it. When its first word is a
//! file whose extension names a language ([`LANGUAGES`]), that file is compiled (or, for Python,
//! its syntax checked) with the language's compile command, and the command line becomes the
//! language's run command followed by the line's other words: `gen.py {size}` becomes
//! `python3 gen.py {size}`, `main.cpp` becomes the path of the compiled executable. Anything
//! else — `./a.out`, `python3 brute.py`, a shell pipeline — is left as it is.
//!
//! The build goes to a folder of the cache ([`Toolchain::cache`]) named by a hash of the
//! compile command and the source's bytes, so the same source is compiled once however many
//! runs use it, and an edited source is compiled again. A build is made in a temporary folder
//! and renamed into place, so two runs that build the same source at once both end with a whole
//! build. A compile error is an error that carries the compiler's message: nothing runs.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::harness::programs::process::{self, Ended};
use crate::harness::programs::warm;
use crate::harness::shell_quote;

/// A language boardfuzz compiles and runs from a source file.
#[derive(Debug, Clone, Copy)]
pub struct Language {
    /// Its name, for messages.
    pub name: &'static str,
    /// The file extensions that name it, without the dot; the first is the one
    /// `--compile EXT=…` and `--run EXT=…` take.
    pub extensions: &'static [&'static str],
    /// The compile command, `None` for none: `{src}` is the source file, `{exe}` the executable
    /// to write, `{dir}` the build folder.
    pub compile: Option<&'static str>,
    /// The run command: `{exe}`, `{dir}` and `{src}` as above, `{class}` the source's file stem
    /// (a Java class), `{python3}` the interpreter `python3` names (found once, by this
    /// module's `python3()`).
    pub run: &'static str,
}

/// The languages of source files, with their default commands (`boardfuzz stress --help` and
/// `docs/stress.md` list them). Python's "compile" only parses the file, so a syntax error is
/// reported like a compile error, before any case.
pub const LANGUAGES: &[Language] = &[
    Language {
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++"],
        compile: Some("g++ -O2 -std=gnu++17 -o {exe} {src}"),
        run: "{exe}",
    },
    Language {
        name: "C",
        extensions: &["c"],
        compile: Some("gcc -O2 -std=gnu11 -o {exe} {src} -lm"),
        run: "{exe}",
    },
    Language {
        name: "Rust",
        extensions: &["rs"],
        compile: Some("rustc -O --edition 2021 -o {exe} {src}"),
        run: "{exe}",
    },
    Language {
        name: "Java",
        extensions: &["java"],
        compile: Some("javac -d {dir} {src}"),
        run: "java -Xss256m -cp {dir} {class}",
    },
    Language {
        name: "Go",
        extensions: &["go"],
        compile: Some("go build -o {exe} {src}"),
        run: "{exe}",
    },
    Language {
        name: "Kotlin",
        extensions: &["kt"],
        compile: Some("kotlinc {src} -include-runtime -d {dir}/{class}.jar"),
        run: "java -Xss256m -jar {dir}/{class}.jar",
    },
    Language {
        name: "Python",
        extensions: &["py"],
        compile: Some(
            "python3 -c 'import ast, sys; ast.parse(open(sys.argv[1], \"rb\").read(), sys.argv[1])' {src}",
        ),
        run: "{python3} {src}",
    },
];

/// The interpreter `python3` names here, as a word of a command template
/// ([`process::python3`]); `python3` itself where it does not say.
fn python3() -> String {
    process::python3()
        .map(|path| shell_quote(&path.to_string_lossy()))
        .unwrap_or_else(|| "python3".into())
}

/// How long one compile may take.
pub const COMPILE_TIMEOUT: Duration = Duration::from_secs(120);

/// The compile and run commands in force, and the cache the builds go to.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// Per language (by its first extension): the compile command (`None`: none) and the run
    /// command.
    commands: Vec<(&'static Language, Option<String>, String)>,
    /// The folder builds are cached in.
    pub cache: PathBuf,
    /// Whether C and C++ sources are built with sanitizers ([`SANITIZE_FLAGS`] after the compile
    /// command): such a build is cached apart, its command being another.
    pub sanitize: bool,
    /// Whether the programs it prepares start warm where they can ([`warm::consider`]): forked
    /// from a copy started once, not started afresh for each run.
    pub warm: bool,
}

/// What `--sanitize` adds to the compile command of C and C++: AddressSanitizer and
/// UndefinedBehaviorSanitizer, every report fatal (a program stops at the first, with a non-zero
/// exit), and debug information so that a report names the source line.
pub const SANITIZE_FLAGS: &str = "-fsanitize=address,undefined -fno-sanitize-recover=all -g";

impl Default for Toolchain {
    /// The default commands, the default cache ([`default_cache`]).
    fn default() -> Self {
        Toolchain::new(default_cache())
    }
}

/// The cache folder: `$BOARDFUZZ_CACHE`, else `$XDG_CACHE_HOME/boardfuzz`, else
/// `$HOME/.cache/boardfuzz`, else `boardfuzz-cache` in the temporary folder.
pub fn default_cache() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("BOARDFUZZ_CACHE") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return PathBuf::from(dir).join("boardfuzz");
    }
    if let Some(home) = var("HOME") {
        return PathBuf::from(home).join(".cache").join("boardfuzz");
    }
    std::env::temp_dir().join("boardfuzz-cache")
}

/// A program ready to run: its command line, and the build it runs if it was compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// The command line to run.
    pub command: String,
    /// The same command as a person would type it (`python3 gen.py`, where `command` names the
    /// interpreter `python3` resolves to): what reports print.
    pub display: String,
    /// The source file's language, when the program was one.
    pub language: Option<&'static str>,
    /// The source file, when the program was one.
    pub source: Option<PathBuf>,
    /// Whether this call compiled it (`false`: a cached build, or nothing to compile).
    pub compiled: bool,
}

impl Toolchain {
    /// The default commands, builds cached in `cache`.
    pub fn new(cache: PathBuf) -> Toolchain {
        Toolchain {
            commands: LANGUAGES
                .iter()
                .map(|l| (l, l.compile.map(str::to_string), l.run.to_string()))
                .collect(),
            cache,
            sanitize: false,
            warm: false,
        }
    }

    /// Sets a language's compile command (`EXT=COMMAND`, e.g. `cpp=clang++ -O2 -o {exe} {src}`;
    /// an empty command compiles nothing) or, with `run`, its run command.
    pub fn set(&mut self, assignment: &str, run: bool) -> Result<(), String> {
        let flag = if run { "--run" } else { "--compile" };
        let Some((ext, command)) = assignment.split_once('=') else {
            return Err(format!(
                "{flag} takes EXT=COMMAND (e.g. `cpp=g++ -O2 -o {{exe}} {{src}}`), not `{assignment}`"
            ));
        };
        let ext = ext.trim().trim_start_matches('.');
        let Some(entry) = self
            .commands
            .iter_mut()
            .find(|(l, _, _)| l.extensions.contains(&ext))
        else {
            let known: Vec<&str> = LANGUAGES.iter().map(|l| l.extensions[0]).collect();
            return Err(format!(
                "{flag}: no language has the extension `{ext}` (known: {})",
                known.join(", ")
            ));
        };
        let command = command.trim().to_string();
        if run {
            if command.is_empty() {
                return Err(format!("{flag} {ext}=: the run command is empty"));
            }
            entry.2 = command;
        } else {
            entry.1 = (!command.is_empty()).then_some(command);
        }
        Ok(())
    }

    /// The language of a source file, by its extension.
    fn language_of(&self, path: &Path) -> Option<&(&'static Language, Option<String>, String)> {
        let ext = path.extension()?.to_str()?;
        self.commands
            .iter()
            .find(|(l, _, _)| l.extensions.contains(&ext))
    }

    /// The program a command line names: a source file first word is compiled (once, cached)
    /// and replaced by its run command; any other line is returned as it is. `Err` carries the
    /// compiler's message.
    pub fn prepare(&self, line: &str) -> Result<Prepared, String> {
        let plain = Prepared {
            command: line.to_string(),
            display: line.to_string(),
            language: None,
            source: None,
            compiled: false,
        };
        // `{seed}` and `{size}` are shell syntax to `split_words` (braces): masked while the
        // line is split, so that `gen.py {size}` still names a source file and its argument.
        let masked = line
            .replace("{seed}", SEED_MARK)
            .replace("{size}", SIZE_MARK);
        let Some(words) = process::split_words(&masked) else {
            return Ok(plain);
        };
        let Some(first) = words.first() else {
            return Err("the command is empty".into());
        };
        let path = Path::new(first);
        let Some((language, compile, run)) = self.language_of(path) else {
            return Ok(plain);
        };
        if !path.is_file() {
            return Ok(plain);
        }
        let source = std::fs::read(path).map_err(|e| format!("cannot read {first}: {e}"))?;
        let sanitized = compile
            .as_ref()
            .filter(|_| self.sanitize && matches!(language.name, "C" | "C++"))
            .map(|c| format!("{c} {SANITIZE_FLAGS}"));
        let compile = sanitized.as_deref().or(compile.as_deref());
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let key = format!(
            "{}-{}-{:016x}",
            stem.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_"),
            language.extensions[0],
            crate::draw::hash64(&[compile.unwrap_or("").as_bytes(), &source].concat())
        );
        let dir = self.cache.join("build").join(key);
        let exe = dir.join(&stem);
        let fill_as = |template: &str, dir: &Path, exe: &Path, python: &str| {
            template
                .replace("{python3}", python)
                .replace("{src}", &shell_quote(first))
                .replace("{exe}", &shell_quote(&exe.display().to_string()))
                .replace("{dir}", &shell_quote(&dir.display().to_string()))
                .replace("{class}", &shell_quote(&stem))
        };
        let fill = |template: &str, dir: &Path, exe: &Path| {
            let python = if template.contains("{python3}") {
                python3()
            } else {
                "python3".into()
            };
            fill_as(template, dir, exe, &python)
        };
        let mut compiled = false;
        if let Some(compile) = compile {
            if !dir.join(DONE).is_file() {
                self.build(language, compile, first, &dir, &stem, &fill)?;
                compiled = true;
            }
        }
        if self.warm {
            let leading = match language.name {
                "Python" => vec![
                    process::python3().map_or("python3".into(), |p| p.display().to_string()),
                    first.clone(),
                ],
                _ => vec![exe.display().to_string()],
            };
            let default_run = *run == language.run;
            warm::consider(
                &self.cache,
                language.name,
                leading,
                default_run,
                sanitized.is_some(),
            );
        }
        let mut arguments = String::new();
        for word in &words[1..] {
            arguments.push(' ');
            arguments.push_str(&quote_keeping_placeholders(word));
        }
        Ok(Prepared {
            command: fill(run, &dir, &exe) + &arguments,
            display: fill_as(run, &dir, &exe, "python3") + &arguments,
            language: Some(language.name),
            source: Some(path.to_path_buf()),
            compiled,
        })
    }

    /// Compiles into a temporary folder beside `dir`, then renames it to `dir`.
    fn build(
        &self,
        language: &Language,
        compile: &str,
        source: &str,
        dir: &Path,
        stem: &str,
        fill: &dyn Fn(&str, &Path, &Path) -> String,
    ) -> Result<(), String> {
        let parent = dir.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot make the build cache {}: {e}", parent.display()))?;
        let tmp = parent.join(format!(
            "{}.{}.tmp",
            dir.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default(),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp)
            .map_err(|e| format!("cannot make the build folder {}: {e}", tmp.display()))?;
        let line = fill(compile, &tmp, &tmp.join(stem));
        if let Err(why) = process::check_startable(&line) {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(format!(
                "cannot compile {source}: the {} compiler is not here ({why}); install it, or \
                 name another with `--compile {}=COMMAND`",
                language.name, language.extensions[0]
            ));
        }
        let limits = process::Limits {
            timeout: COMPILE_TIMEOUT,
            output_cap: 1 << 20,
        };
        let started = Instant::now();
        let run = process::run_line(&line, b"", limits);
        let failed = |why: String| {
            let _ = std::fs::remove_dir_all(&tmp);
            Err(why)
        };
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                return failed(format!(
                    "cannot compile {source}: `{line}` does not start: {e} (is the {} \
                     compiler installed? `--compile {}=COMMAND` names another)",
                    language.name, language.extensions[0]
                ))
            }
        };
        match run.ended {
            Ended::Exited(status) if status.success() => {}
            Ended::Exited(status) => {
                let mut message = String::from_utf8_lossy(&run.stderr).into_owned();
                if message.trim().is_empty() {
                    message = String::from_utf8_lossy(&run.stdout).into_owned();
                }
                let lines: Vec<&str> = message.lines().collect();
                let shown = lines[lines.len().saturating_sub(40)..].join("\n");
                return failed(format!(
                    "{source} does not compile ({} with `{line}`):\n{shown}",
                    process::describe(status)
                ));
            }
            Ended::TimedOut => {
                return failed(format!(
                    "compiling {source} took over {COMPILE_TIMEOUT:?} (`{line}`, killed)"
                ))
            }
            Ended::OutputLimit => {
                return failed(format!(
                    "compiling {source} wrote over 1 MiB of messages (`{line}`, killed)"
                ))
            }
            Ended::MemoryLimit => {
                return failed(format!(
                    "compiling {source} held too much memory (`{line}`, killed)"
                ))
            }
        }
        let _ = std::fs::write(
            tmp.join(DONE),
            format!("{line}\n{:.2}s\n", started.elapsed().as_secs_f64()),
        );
        if std::fs::rename(&tmp, dir).is_err() {
            // Another run finished the same build first: use its.
            let _ = std::fs::remove_dir_all(&tmp);
            if !dir.join(DONE).is_file() {
                return Err(format!(
                    "cannot move the build of {source} to {}",
                    dir.display()
                ));
            }
        }
        Ok(())
    }
}

/// The file a finished build holds (the compile command and its time).
const DONE: &str = "boardfuzz-build.txt";

/// What `{seed}` and `{size}` are while a command line is split into words.
const SEED_MARK: &str = "BOARDFUZZ_SEED_PLACEHOLDER";
const SIZE_MARK: &str = "BOARDFUZZ_SIZE_PLACEHOLDER";

/// `word` (masked) quoted for the shell, its `{seed}` and `{size}` placeholders put back bare, so
/// that they can still be found and replaced by a number.
fn quote_keeping_placeholders(word: &str) -> String {
    shell_quote(word)
        .replace(SEED_MARK, "{seed}")
        .replace(SIZE_MARK, "{size}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardfuzz-program-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_command_that_names_no_source_file_is_left_as_it_is() {
        let tools = Toolchain::new(scratch("plain"));
        for line in ["./a.out", "python3 brute.py", "cat | sort", "missing.cpp 3"] {
            assert_eq!(tools.prepare(line).unwrap().command, line);
        }
    }

    #[test]
    fn a_python_file_runs_with_python3_and_keeps_its_arguments() {
        let dir = scratch("py");
        let file = dir.join("gen.py");
        std::fs::write(&file, "print(1)\n").unwrap();
        let tools = Toolchain::new(dir.join("cache"));
        let line = format!("{} {{size}} 'a b'", file.display());
        let prepared = tools.prepare(&line).unwrap();
        assert_eq!(
            prepared.command,
            format!(
                "{} {} {{size}} 'a b'",
                python3(),
                shell_quote(&file.display().to_string())
            )
        );
        assert!(python3().contains("python3"), "{}", python3());
        std::fs::write(&file, "print(1\n").unwrap();
        let error = tools.prepare(&line).unwrap_err();
        assert!(
            error.contains("does not compile") && error.contains("SyntaxError"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_c_file_is_compiled_once_and_again_after_an_edit() {
        let dir = scratch("c");
        let file = dir.join("sol.c");
        std::fs::write(&file, "int main(void) { return 0; }\n").unwrap();
        let mut tools = Toolchain::new(dir.join("cache"));
        let path = file.display().to_string();
        let first = tools.prepare(&path).unwrap();
        assert!(first.compiled);
        assert!(Path::new(&first.command).is_file(), "{}", first.command);
        let again = tools.prepare(&path).unwrap();
        assert!(!again.compiled);
        assert_eq!(again.command, first.command);
        std::fs::write(&file, "int main(void) { return 1 }\n").unwrap();
        let error = tools.prepare(&path).unwrap_err();
        assert!(
            error.contains("does not compile") && error.contains("error"),
            "{error}"
        );
        tools.set("c=false", false).unwrap();
        assert!(tools.prepare(&path).is_err());
        assert!(tools.set("zz=cc", false).is_err());
        assert!(tools.set("c", false).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
