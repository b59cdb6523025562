//! A small argument reader shared by the commands: flags, options with values,
//! and positional arguments, with usage errors as values.

/// A mistake in how the command was called (exit status 2).
#[derive(Debug)]
pub struct UsageError(pub String);

/// The arguments of one command, split into flags, options and positionals.
pub struct Args {
    pub positional: Vec<String>,
    options: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Args {
    /// Splits `raw`; `with_value` names the options that take a value.
    pub fn parse(
        raw: &[String],
        with_value: &[&str],
        known_flags: &[&str],
    ) -> Result<Args, UsageError> {
        let mut out = Args {
            positional: Vec::new(),
            options: Vec::new(),
            flags: Vec::new(),
        };
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if let Some((name, value)) = a.split_once('=').filter(|(n, _)| n.starts_with("--")) {
                if !with_value.contains(&name) {
                    return Err(UsageError(format!("unknown option {name}")));
                }
                out.options.push((name.to_owned(), value.to_owned()));
            } else if with_value.contains(&a.as_str()) {
                let v = it
                    .next()
                    .ok_or_else(|| UsageError(format!("{a} needs a value")))?;
                out.options.push((a.clone(), v.clone()));
            } else if known_flags.contains(&a.as_str()) {
                out.flags.push(a.clone());
            } else if a.starts_with("--") {
                return Err(UsageError(format!("unknown option {a}")));
            } else {
                out.positional.push(a.clone());
            }
        }
        Ok(out)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}
