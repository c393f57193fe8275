//! Game settings: what a game declares it can be told (a turn limit, a size, a mode), and the
//! values a run was given.
//!
//! The core knows no game and no flag. Each game lists its [`Setting`]s beside its code
//! ([`crate::game::Game::SETTINGS`]); the command line turns every declaration into a flag
//! (`--<name>`), corpus entries record theirs in a `NAME.args` file with the same spelling, and a
//! game reads the values it declared from [`Options`] by name. A value for a setting that the game
//! does not declare is an error wherever it comes from.

use std::fmt;

/// The kind of value a setting takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A switch: `--name` sets it, absent means off.
    Switch,
    /// A whole number in `min..=max`: `--name N`.
    Number {
        /// The smallest value allowed.
        min: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// One word of a fixed list: `--name WORD`.
    Choice(&'static [&'static str]),
}

/// Where a setting acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Engine and reference both honour it (`solve`, `check`, `repro`, `replay`, `gen`).
    Both,
    /// It changes what the engine answers into something the reference does not answer, so
    /// nothing that compares the two may use it (`solve` only, without `--reference`).
    EngineOnly,
    /// It only shapes generated cases (`gen`, `check`).
    Generator,
}

/// One setting a game declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The flag without its dashes, e.g. `turn-limit`.
    pub name: &'static str,
    /// One line of help for `--help` and `boardfuzz list`.
    pub help: &'static str,
    /// The kind of value it takes.
    pub kind: Kind,
    /// Where it acts.
    pub scope: Scope,
    /// The value's name in help (`L`, `TURN`, `MODE`); unused for switches.
    pub value_name: &'static str,
}

impl Setting {
    /// `--name` or `--name VALUE`, as help and error messages show it.
    pub fn flag(&self) -> String {
        match self.kind {
            Kind::Switch => format!("--{}", self.name),
            _ => format!("--{} {}", self.name, self.value_name),
        }
    }
}

/// A setting's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A switch turned on (a [`Kind::Switch`] given).
    Switch,
    /// The number of a [`Kind::Number`] setting.
    Number(u64),
    /// The word of a [`Kind::Choice`] setting.
    Word(String),
}

/// The settings a run was given, by name, in the order they were set. Unset settings are absent
/// (a game applies its own default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    values: Vec<(&'static str, Value)>,
}

impl Options {
    /// No setting given: every game's defaults (the judge's rules).
    pub fn new() -> Options {
        Options::default()
    }

    /// Sets one value (replacing an earlier one of the same name).
    pub fn set(&mut self, name: &'static str, value: Value) {
        self.values.retain(|(n, _)| *n != name);
        self.values.push((name, value));
    }

    /// The same options with one more value.
    pub fn with(mut self, name: &'static str, value: Value) -> Options {
        self.set(name, value);
        self
    }

    /// Whether a switch is on.
    pub fn switch(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// A number setting's value, if given.
    pub fn number(&self, name: &str) -> Option<u64> {
        match self.get(name) {
            Some(Value::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// A choice setting's word, if given.
    pub fn word(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Word(w)) => Some(w),
            _ => None,
        }
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The values that only shape generation removed: what a generated case must be run with.
    pub fn for_running(&self, declared: &[Setting]) -> Options {
        Options {
            values: self
                .values
                .iter()
                .filter(|(n, _)| {
                    declared
                        .iter()
                        .any(|s| s.name == *n && s.scope != Scope::Generator)
                })
                .cloned()
                .collect(),
        }
    }

    /// The settings as command-line words (`--turn-limit 50 --no-strict`), as `NAME.args` files
    /// and child processes take them.
    pub fn to_args(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, value) in &self.values {
            out.push(format!("--{name}"));
            match value {
                Value::Switch => {}
                Value::Number(n) => out.push(n.to_string()),
                Value::Word(w) => out.push(w.clone()),
            }
        }
        out
    }

    /// Reads command-line words back against a game's declarations (for `NAME.args` files).
    pub fn parse_args(declared: &[Setting], words: &[&str]) -> Result<Options, String> {
        let mut options = Options::new();
        let mut rest = words.iter();
        while let Some(word) = rest.next() {
            let name = word
                .strip_prefix("--")
                .ok_or_else(|| format!("`{word}` is not a setting (settings start with --)"))?;
            let setting = declared
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("unknown setting `--{name}`"))?;
            let value = match setting.kind {
                Kind::Switch => Value::Switch,
                _ => {
                    let text = rest
                        .next()
                        .ok_or_else(|| format!("`--{name}` needs a value"))?;
                    setting.value(text)?
                }
            };
            options.set(setting.name, value);
        }
        Ok(options)
    }
}

impl Setting {
    /// Parses a value given for this setting (not a switch).
    pub fn value(&self, text: &str) -> Result<Value, String> {
        match self.kind {
            Kind::Switch => Ok(Value::Switch),
            Kind::Number { min, max } => match text.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Value::Number(n)),
                _ => Err(format!(
                    "`--{}` takes a whole number in {min}..={max}, not `{text}`",
                    self.name
                )),
            },
            Kind::Choice(words) => {
                if words.contains(&text) {
                    Ok(Value::Word(text.to_string()))
                } else {
                    Err(format!(
                        "`--{}` takes one of {}, not `{text}`",
                        self.name,
                        words.join(", ")
                    ))
                }
            }
        }
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_args().join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Setting = Setting {
        name: "turn-limit",
        help: "turns",
        kind: Kind::Number { min: 1, max: 100 },
        scope: Scope::Both,
        value_name: "L",
    };
    const LOOSE: Setting = Setting {
        name: "no-strict",
        help: "loose",
        kind: Kind::Switch,
        scope: Scope::Both,
        value_name: "",
    };
    const MODE: Setting = Setting {
        name: "mode",
        help: "mode",
        kind: Kind::Choice(&["a", "b"]),
        scope: Scope::Generator,
        value_name: "MODE",
    };

    #[test]
    fn args_round_trip() {
        let all = [LIMIT, LOOSE, MODE];
        let o = Options::parse_args(&all, &["--turn-limit", "50", "--no-strict", "--mode", "b"])
            .unwrap();
        assert_eq!(o.number("turn-limit"), Some(50));
        assert!(o.switch("no-strict"));
        assert_eq!(o.word("mode"), Some("b"));
        let words = o.to_args();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        assert_eq!(Options::parse_args(&all, &words).unwrap(), o);
        assert_eq!(
            o.for_running(&all).to_args(),
            ["--turn-limit", "50", "--no-strict"]
        );
    }

    #[test]
    fn bad_args_are_errors() {
        let all = [LIMIT, MODE];
        let err = |w: &[&str]| Options::parse_args(&all, w).unwrap_err();
        assert!(err(&["--turn-limit", "0"]).contains("1..=100"));
        assert!(err(&["--turn-limit"]).contains("needs a value"));
        assert!(err(&["--mode", "c"]).contains("one of a, b"));
        assert!(err(&["--no-strict"]).contains("unknown setting"));
        assert!(err(&["50"]).contains("not a setting"));
    }
}
