//! The rules texts people read (`tabuleiro rules`, the menus): paragraphs that stay apart
//! when shown, and examples the move parser accepts.
//!
//! Front ends show a text with each paragraph on one line so that it wraps to the window:
//! the lines of a paragraph are joined, while blank lines, indented lines and list items
//! (`- `, `* `, `1.`) keep their own line. So a paragraph after a list or an indented table
//! must begin after a blank line, or it is joined onto the last item.

use tabuleiro_core::{Game, Registry};
use tabuleiro_games::REGISTRY;
use tabuleiro_games::quantik::Quantik;

use crate::util::quantik;

/// Whether `line` keeps its own line when shown: indented, or a list item.
fn is_item(line: &str) -> bool {
    let numbered = line
        .split_once(['.', ')'])
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    line.starts_with(char::is_whitespace)
        || line.starts_with("- ")
        || line.starts_with("* ")
        || numbered
}

/// The paragraphs of `text` (runs of lines between blank lines), each as its lines.
fn paragraphs(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[test]
fn no_paragraph_runs_into_the_one_before() {
    for info in REGISTRY.games() {
        for paragraph in paragraphs(info.rules) {
            for pair in paragraph.windows(2) {
                assert!(
                    !is_item(pair[0]) || is_item(pair[1]),
                    "{}: `{}` would be joined onto the list line `{}`: put a blank line between",
                    info.id,
                    pair[1],
                    pair[0]
                );
            }
        }
    }
}

#[test]
fn the_options_start_their_own_paragraph() {
    for info in REGISTRY.games() {
        for paragraph in paragraphs(info.rules) {
            for line in &paragraph[1..] {
                assert!(
                    !line.starts_with("Option"),
                    "{}: `{line}` is inside the paragraph that begins `{}`",
                    info.id,
                    paragraph[0]
                );
            }
        }
    }
}

#[test]
fn the_checker_catches_a_paragraph_after_a_table() {
    // Nudge's text once ran "… Black c4 b5 d5 Option first=…" together.
    let text = "Layouts:\n  4: White b1 d1 c2, Black c4 b5 d5\nOption first=white|black.\n";
    let paragraph = &paragraphs(text)[0];
    assert!(is_item(paragraph[1]) && !is_item(paragraph[2]));
    assert_eq!(paragraphs("A\nB\n\n\nC\n"), vec![vec!["A", "B"], vec!["C"]]);
}

/// The moves a Quantik rules paragraph gives as examples: words of a shape letter (either
/// case) and a cell, with or without a space, bare or in quotes.
fn quantik_examples(paragraph: &str) -> Vec<String> {
    let words: Vec<String> = paragraph
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ':' | ';'))
        .map(|w| w.trim_matches('"').to_owned())
        .collect();
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let letter = |w: &str| w.len() == 1 && "CYOScyos".contains(w);
        let cell = |w: &str| {
            let b = w.as_bytes();
            b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
        };
        if word.len() == 3 && word.get(..1).is_some_and(letter) && word.get(1..).is_some_and(cell) {
            found.push(word.clone());
        } else if letter(word) && words.get(i + 1).is_some_and(|next| cell(next)) {
            found.push(format!("{word} {}", words[i + 1]));
        }
    }
    found
}

#[test]
fn quantiks_move_examples_are_read_as_the_text_says() {
    let paragraph = paragraphs(Quantik::INFO.rules)
        .into_iter()
        .map(|p| p.join(" "))
        .find(|p| p.starts_with("Moves are written"))
        .expect("the rules say how moves are written");
    let examples = quantik_examples(&paragraph);
    assert!(
        examples.iter().any(|e| e.starts_with(char::is_lowercase)),
        "a lower-case shape letter is shown: {examples:?}"
    );
    let state = quantik(&[]);
    for text in &examples {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("the rules' example `{text}` is refused: {e}"));
        // The example names the same shape and cell in the game's own notation.
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(
            state.format_move(mv).eq_ignore_ascii_case(&compact),
            "`{text}` read as {}",
            state.format_move(mv)
        );
    }
    assert!(examples.len() >= 3, "{examples:?}");
    // The example an older text gave, `ys3`, names no cell of the 4x4 board.
    assert!(quantik_examples("Ca1, ys3 is also fine").contains(&"ys3".to_owned()));
    assert!(state.parse_notation("ys3").is_err());
}

#[test]
fn the_rules_name_options_in_words_not_syntax() {
    for info in REGISTRY.games() {
        for line in info.rules.lines() {
            // `first=1|2|random`, `values=FILE`, `--paired`: syntax for a command line, not
            // words for a player (a piece drawn `A|` in the text board is no syntax).
            let syntax = line.split_whitespace().any(|word| {
                let word = word.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | '.' | '"'));
                word.contains('`')
                    || word.starts_with("--")
                    || word
                        .split_once('=')
                        .is_some_and(|(name, value)| !name.is_empty() && !value.is_empty())
                    || (word.contains('|') && word.split('|').all(|part| !part.is_empty()))
            });
            assert!(!syntax, "{}: `{line}` reads as syntax", info.id);
        }
    }
}
