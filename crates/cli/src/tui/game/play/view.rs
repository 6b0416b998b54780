//! Drawing the game screen: title, board with marks, move list, keys, status and message
//! lines, and the boxes for the end of the game and for passing the keyboard.

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use tabuleiro_core::{Engine, Player};

use super::{GamePlay, SPEEDS};
use crate::play::Seat;
use crate::tui::drawing::{board_lines, board_width, legend_lines, reserve_lines, seat_style};
use crate::tui::game::worker::spinner;
use crate::tui::layout::centered;

/// Draws the whole game screen.
pub fn render<G: Engine>(play: &mut GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let [title, body, status, selection, message] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(5),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(title_line(play), title);

    // The board takes what the move list and keys leave, and at least what it needs.
    let side_width = 34.min(body.width / 2);
    let board_width = body
        .width
        .saturating_sub(side_width)
        .max((board_width(&play.picture) as u16 + 2).min(body.width));
    let [board_area, side] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Fill(1)]).areas(body);

    if let Some(player) = play.handover {
        play.board_origin = None;
        render_handover(frame, body, player);
    } else {
        render_board(play, frame, board_area);
        let keys = key_lines(play);
        let [moves_area, keys_area] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(keys.len() as u16 + 2),
        ])
        .areas(side);
        render_moves(play, frame, moves_area);
        match play.table.session().outcome() {
            Some(outcome) => render_game_over(
                frame,
                keys_area,
                &outcome.to_string(),
                play.table.session().moves().len(),
            ),
            None => frame.render_widget(
                Paragraph::new(keys).block(Block::bordered().title(" Keys ")),
                keys_area,
            ),
        }
    }
    frame.render_widget(status_line(play), status);
    frame.render_widget(selection_line(play), selection);
    let bottom = match &play.prompt {
        Some((_, prompt)) => Line::from(prompt.display()).bold(),
        None => Line::from(play.message.clone()).dark_gray(),
    };
    frame.render_widget(Paragraph::new(bottom), message);
}

fn title_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    let seats: Vec<String> = play
        .config
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("P{} {}", i + 1, s.name()))
        .collect();
    // Never the seed of a game of hidden information, even once it is over: undo can reopen
    // the game, and the seed decides everything hidden.
    let seed = if G::INFO.shows_seed(false) {
        format!(" · seed {}", play.config.setup.seed)
    } else {
        String::new()
    };
    Line::from(vec![
        Span::styled(
            format!(" {} ", G::INFO.name),
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ),
        Span::raw(format!(" {}{seed}", seats.join(" vs "))),
    ])
}

fn render_board<G: Engine>(play: &mut GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let block = Block::bordered().title(format!(" {} ", G::INFO.name));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let marks = play.marks();
    let (mut lines, geometry) = board_lines(&play.picture, &marks);
    play.geometry = geometry;
    let seats = &play.config.seats;
    let names = |seat: usize| {
        let who = seats.get(seat).map_or_else(String::new, |s| match s {
            Seat::Human => String::new(),
            Seat::Computer(_) => format!(" ({})", s.name()),
        });
        format!("P{}{who}", seat + 1)
    };
    let mut picked: Vec<String> = play
        .pointing
        .made()
        .pieces
        .iter()
        .map(|p| p.token.clone())
        .collect();
    if let Some(pick) = &play.pick {
        picked.push(pick.token.clone());
    }
    lines.extend(reserve_lines(&play.picture, &names, &picked));
    lines.extend(legend_lines(&play.picture));
    for note in &play.picture.notes {
        lines.push(Line::from(note.clone()).dark_gray());
    }
    play.board_origin = Some((inner.x, inner.y));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The moves so far, one line per turn (both moves of a Nudge turn on one line), the latest
/// at the bottom.
fn render_moves<G: Engine>(play: &GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let session = play.table.session();
    let total = session.moves().len();
    let mut turns: Vec<(usize, Vec<String>)> = Vec::new();
    for i in 0..total {
        let position = &session.positions()[i];
        let seat = position.to_move().map_or(0, Player::index);
        let text = play.move_text(i);
        match turns.last_mut() {
            Some((_, moves)) if position.move_in_turn().0 > 1 => moves.push(text),
            _ => turns.push((seat, vec![text])),
        }
    }
    let height = area.height.saturating_sub(2) as usize;
    let first = turns.len().saturating_sub(height);
    let count = turns.len();
    let lines: Vec<Line<'static>> = turns
        .into_iter()
        .enumerate()
        .skip(first)
        .map(|(i, (seat, moves))| {
            let line = Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(format!("P{} ", seat + 1), seat_style(seat)),
                Span::raw(moves.join(" ")),
            ]);
            if i + 1 == count { line.bold() } else { line }
        })
        .collect();
    let title = if total == 0 {
        " Moves ".to_owned()
    } else {
        format!(" Moves ({total}) ")
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

fn key_lines<G: Engine>(play: &GamePlay<G>) -> Vec<Line<'static>> {
    let mut keys: Vec<(&str, &str)> = Vec::new();
    if play.humans.is_empty() {
        keys.extend([
            ("Space p", "pause / resume"),
            (".", "one move"),
            ("+ -", "faster / slower"),
        ]);
    } else {
        keys.extend([
            ("←↑↓→ hjkl", "cursor"),
            ("⏎ Space", "point (or click)"),
            ("Tab A-Z", "piece or choice"),
            ("t x ⌫", "take / play / again"),
            (":", "type a move"),
            ("?", "hint"),
        ]);
    }
    keys.extend([
        ("u r", "undo / redo"),
        ("s o", "save / load"),
        ("n F1", "new game / rules"),
        ("Esc q", "menu / quit"),
    ]);
    keys.into_iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:<10}"), Style::default().fg(Color::LightBlue)),
                Span::raw(what.to_owned()),
            ])
        })
        .collect()
}

fn status_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    let state = play.table.session().state();
    let mut text = match state.to_move() {
        None => state
            .outcome()
            .map_or_else(|| "Game over.".to_owned(), |o| format!("Game over: {o}")),
        Some(p) => {
            let kind = &play.config.seats[p.index()];
            let seat = kind.name();
            let mut s = match (&play.thinking, kind) {
                (Some(job), _) => format!(
                    "{} {} ({}) is thinking… {:.1} s",
                    spinner(job.elapsed()),
                    capital(p),
                    seat,
                    job.elapsed().as_secs_f64()
                ),
                (None, Seat::Computer(_)) if play.paused => {
                    format!("⏸ Paused before {} ({}) moves", capital(p), seat)
                }
                (None, Seat::Computer(_)) => format!("{} ({}) to move", capital(p), seat),
                (None, Seat::Human) => format!("{} to move", capital(p)),
            };
            let (k, n) = state.move_in_turn();
            if n > 1 {
                let _ = write!(s, " · move {k} of {n}");
            }
            s
        }
    };
    if let Some(scores) = state.scores() {
        let parts: Vec<String> = scores.iter().map(i64::to_string).collect();
        let _ = write!(text, " · scores {}", parts.join(" : "));
    }
    if play.humans.is_empty() {
        let _ = write!(text, " · speed {}", SPEEDS[play.speed].1);
    }
    if play.hint_job.is_some() {
        text.push_str(" · hint…");
    }
    let seat = state.to_move().map_or(0, Player::index);
    Line::from(Span::styled(text, seat_style(seat)))
}

/// Up to `n` texts joined by spaces, with how many more there are.
fn some_of(texts: &[String], n: usize) -> String {
    let mut out = texts.iter().take(n).cloned().collect::<Vec<_>>().join(" ");
    if texts.len() > n {
        let _ = write!(out, " … ({} more)", texts.len() - n);
    }
    out
}

/// The line under the status: the piece or choice Enter puts down, and what Enter would do
/// at the cursor.
fn selection_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    if play.human_to_move().is_none() {
        return Line::from("");
    }
    let hint = play.hint_move.map(|mv| {
        format!(
            " · ⏎ plays the hint {}",
            play.table.session().state().format_move(mv)
        )
    });
    let picks = play.pointing.picks(&play.gestures);
    let chosen = play.pick.as_ref().map_or_else(String::new, |pick| {
        let index = picks.iter().position(|p| p == pick).map_or(0, |i| i + 1);
        format!("{} ({index}/{}) ", pick.label, picks.len())
    });
    let typed: Vec<String> = play
        .gestures
        .iter()
        .zip(&play.legal)
        .filter(|(g, _)| g.cells.is_empty() && g.pieces.is_empty())
        .map(|(_, &mv)| play.table.session().state().format_move(mv))
        .collect();
    let typed = if typed.is_empty() {
        String::new()
    } else {
        format!(" · t for {}", some_of(&typed, 2))
    };
    Line::from(vec![
        Span::raw(chosen).bold(),
        Span::raw(play.at_cursor()),
        Span::raw(hint.unwrap_or_default()),
        Span::raw(typed),
    ])
}

/// The result where the keys were: the board and the moves stay in sight.
fn render_game_over(frame: &mut Frame<'_>, area: Rect, outcome: &str, moves: usize) {
    let text = vec![
        Line::from(outcome.to_owned()).bold(),
        Line::from(format!("after {moves} moves")),
        Line::from(""),
        Line::from("n new game · u undo").light_blue(),
        Line::from("s save · Esc menu · q quit").light_blue(),
    ];
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Game over ").yellow()),
        area,
    );
}

fn render_handover(frame: &mut Frame<'_>, area: Rect, player: Player) {
    let popup = centered(area, 50, 5);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(format!("Pass the keyboard to {player}.")).bold(),
            Line::from(""),
            Line::from(format!(
                "{} — press Enter to see your hand.",
                capital(player)
            )),
        ])
        .block(Block::bordered().title(" Hidden hands ")),
        popup,
    );
}

fn capital(p: Player) -> String {
    format!("Player {}", p.0 + 1)
}
