//! Line-based input and output for the interactive parts, over any reader and writer so tests
//! can drive them with piped text.

use std::io::{self, BufRead, Write};

/// Whether output may be coloured: not when the `NO_COLOR` environment variable is set to
/// anything but the empty string (<https://no-color.org>). The terminal interface and the
/// plain output both ask.
pub fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

/// `text` without its colour codes (ANSI "select graphic rendition" sequences,
/// `ESC [ … m`); everything else is kept.
pub fn strip_colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("\x1b[") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let params = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        if after[params..].starts_with('m') {
            rest = &after[params + 1..];
        } else {
            out.push_str("\x1b[");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// A terminal conversation: questions out, answers in.
pub struct Console<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
    /// Whether colour codes may be written ([`colour_wanted`]); they are taken out if not.
    colour: bool,
}

impl<'a> Console<'a> {
    /// A console over `input` and `output`, without colour when `NO_COLOR` asks so.
    pub fn new(input: &'a mut dyn BufRead, output: &'a mut dyn Write) -> Self {
        Console {
            input,
            output,
            colour: colour_wanted(),
        }
    }

    /// Writes `text` and a newline.
    pub fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        if self.colour {
            writeln!(self.output, "{}", text.as_ref())
        } else {
            writeln!(self.output, "{}", strip_colour(text.as_ref()))
        }
    }

    /// Writes `prompt`, then reads one line; `None` at the end of input. The answer is
    /// trimmed.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        if self.colour {
            write!(self.output, "{prompt}")?;
        } else {
            write!(self.output, "{}", strip_colour(prompt))?;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_the_codes_are_taken_out_and_the_text_kept() {
        let coloured = "hand \x1b[31mRH\x1b[0m \x1b[1;33mY*\x1b[0m [x] \x1b[2J";
        assert_eq!(strip_colour(coloured), "hand RH Y* [x] \x1b[2J");
        let mut input: &[u8] = b"yes\n";
        let mut output = Vec::new();
        let mut console = Console::new(&mut input, &mut output);
        console.colour = false;
        console.say(coloured).unwrap();
        assert_eq!(
            console.ask("\x1b[1mmove\x1b[0m> ").unwrap().as_deref(),
            Some("yes")
        );
        let mut console = Console::new(&mut input, &mut output);
        console.colour = true;
        console.say("\x1b[32mG\x1b[0m").unwrap();
        let text = String::from_utf8(output).unwrap();
        assert_eq!(text, "hand RH Y* [x] \x1b[2J\nmove> \x1b[32mG\x1b[0m\n");
    }
}
