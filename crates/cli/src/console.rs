//! Line-based input and output for the interactive parts, over any reader and writer so tests
//! can drive them with piped text.

use std::io::{self, BufRead, Write};

/// A terminal conversation: questions out, answers in.
pub struct Console<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
}

impl<'a> Console<'a> {
    /// A console over `input` and `output`.
    pub fn new(input: &'a mut dyn BufRead, output: &'a mut dyn Write) -> Self {
        Console { input, output }
    }

    /// Writes `text` and a newline.
    pub fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        writeln!(self.output, "{}", text.as_ref())
    }

    /// Writes `prompt`, then reads one line; `None` at the end of input. The answer is
    /// trimmed.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.output)?;
            return Ok(None);
        }
        Ok(Some(line.trim().to_owned()))
    }

    /// Asks for one of `choices` (numbered from 1) until a valid answer, with `default` (an
    /// index) taken on an empty line. `None` at the end of input.
    pub fn choose(
        &mut self,
        title: &str,
        choices: &[String],
        default: Option<usize>,
    ) -> io::Result<Option<usize>> {
        self.say(title)?;
        for (i, c) in choices.iter().enumerate() {
            self.say(format!("  {}. {c}", i + 1))?;
        }
        let prompt = match default {
            Some(d) => format!("choice [{}]> ", d + 1),
            None => "choice> ".to_owned(),
        };
        loop {
            let Some(answer) = self.ask(&prompt)? else {
                return Ok(None);
            };
            if answer.is_empty()
                && let Some(d) = default
            {
                return Ok(Some(d));
            }
            if let Ok(n) = answer.parse::<usize>()
                && (1..=choices.len()).contains(&n)
            {
                return Ok(Some(n - 1));
            }
            if let Some(i) = choices.iter().position(|c| {
                c.split_whitespace()
                    .next()
                    .is_some_and(|w| w.eq_ignore_ascii_case(&answer))
            }) {
                return Ok(Some(i));
            }
            self.say(format!(
                "Please answer with a number from 1 to {}.",
                choices.len()
            ))?;
        }
    }
}
