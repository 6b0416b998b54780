//! Small layout helpers.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// A rectangle of at most `width` × `height` in the middle of `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// A non-breaking space: [`wrap`] keeps the words on either side together and draws it as a
/// space.
pub const GLUE: char = '\u{a0}';

/// One run of characters of one style: a word's part, or spaces.
struct Run {
    text: String,
    style: Style,
    space: bool,
}

/// `spans` broken into lines of at most `width` columns at spaces, never inside a word unless
/// the word alone is wider than a line; the lines after the first start with `indent`
/// spaces. Spaces inside a span with a background colour (a mark such as ` last turn `) and
/// [`GLUE`] do not break.
pub fn wrap(spans: &[Span<'_>], width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let indent = indent.min(width / 2);
    // Runs of one style, each all spaces (where a line may break) or none.
    let mut runs: Vec<Run> = Vec::new();
    for span in spans {
        let solid = span.style.bg.is_some();
        for c in span.content.chars() {
            let space = c == ' ' && !solid;
            let c = if c == GLUE { ' ' } else { c };
            match runs.last_mut() {
                Some(run) if run.space == space && run.style == span.style => run.text.push(c),
                _ => runs.push(Run {
                    text: c.to_string(),
                    style: span.style,
                    space,
                }),
            }
        }
    }
    // Words: the runs between spaces, each with the spaces before it.
    let mut words: Vec<(Vec<Run>, Vec<Run>)> = Vec::new();
    let mut spaces: Vec<Run> = Vec::new();
    for run in runs {
        if run.space {
            spaces.push(run);
        } else if let Some((_, word)) = words.last_mut()
            && spaces.is_empty()
        {
            word.push(run);
        } else {
            words.push((std::mem::take(&mut spaces), vec![run]));
        }
    }
    let columns = |runs: &[Run]| {
        runs.iter()
            .map(|r| Span::raw(r.text.as_str()).width())
            .sum::<usize>()
    };
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    // Whether the line holds no word yet (only its indent).
    let mut fresh = true;
    // Ends the line and starts the next with the indent.
    let next_line = |lines: &mut Vec<Line<'static>>, line: &mut Vec<Span<'static>>| {
        lines.push(Line::from(std::mem::take(line)));
        line.push(Span::raw(" ".repeat(indent)));
        indent
    };
    for (index, (before, word)) in words.into_iter().enumerate() {
        let gap = columns(&before);
        if !fresh && used + gap + columns(&word) > width {
            used = next_line(&mut lines, &mut line);
        } else if index == 0 || !fresh {
            // Spaces between words on a line, and those the text starts with.
            for run in before {
                used += Span::raw(run.text.as_str()).width();
                line.push(Span::styled(run.text, run.style));
            }
        }
        fresh = false;
        for run in word {
            for c in run.text.chars() {
                let w = Span::raw(c.to_string()).width();
                if used + w > width && used > indent {
                    // A word wider than a line: cut, the only way it fits.
                    used = next_line(&mut lines, &mut line);
                }
                used += w;
                match line.last_mut() {
                    Some(span) if span.style == run.style => span.content.to_mut().push(c),
                    _ => line.push(Span::styled(c.to_string(), run.style)),
                }
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn wrap_breaks_at_spaces_with_an_indent_and_keeps_glued_words() {
        let spans = [Span::raw(format!(
            "  1. Player{GLUE}1 RH@0,0 YH@1,0 GH@2,0"
        ))];
        assert_eq!(
            texts(&wrap(&spans, 28, 14)),
            ["  1. Player 1 RH@0,0 YH@1,0", "              GH@2,0"]
        );
        let glued = [Span::raw(format!("●{GLUE}sphere (S)  ■{GLUE}cube"))];
        assert_eq!(texts(&wrap(&glued, 12, 0)), ["● sphere (S)", "■ cube"]);
        let marked = [
            Span::styled(
                " last turn ",
                Style::default().bg(ratatui::style::Color::Blue),
            ),
            Span::raw(" "),
            Span::styled(" decided ", Style::default().bg(ratatui::style::Color::Red)),
        ];
        assert_eq!(texts(&wrap(&marked, 14, 0)), [" last turn ", " decided "]);
        assert_eq!(
            texts(&wrap(&[Span::raw("abcdefgh")], 5, 0)),
            ["abcde", "fgh"]
        );
    }
}
