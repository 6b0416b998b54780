//! Drawing the game screen: title, board with marks, move list, keys, status and message
//! lines, and the boxes for the end of the game and for passing the keyboard.

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use tabuleiro_core::{Engine, Picture, Player};

use super::choice::Enter;
use super::{GamePlay, SPEEDS};
use crate::names;
use crate::play::Seat;
use crate::tui::drawing::{
    CellSize, board_height, board_lines, board_width, legend_lines, reserve_lines, seat_style,
};
use crate::tui::game::worker::spinner;
use crate::tui::layout::{GLUE, centered, wrap};
use crate::tui::window::window;

/// Columns the move list and the keys take, when the board leaves them room.
const SIDE_WIDTH: u16 = 34;

/// The narrowest the move list and the keys are shown beside the board.
const MIN_SIDE_WIDTH: u16 = 26;

/// Lines a board cut to a window keeps at least, before the reserves go behind `i`.
const MIN_WINDOW_LINES: usize = 10;

/// Lines each line at the bottom (status, what Enter does, message) may wrap to.
const BOTTOM_LINES: usize = 2;

/// Draws the whole game screen. Every text is wrapped at word boundaries to the room it has;
/// the board's cells are as big as the room allows ([`CellSize`]); what the smallest board
/// leaves no room for (the legend, the reserves, the move list and keys) goes behind the `i`
/// key, which the board's frame then names.
pub fn render<G: Engine>(play: &mut GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let width = usize::from(area.width);
    let title = wrap(&title_line(play).spans, width, 1);
    let bottom: Vec<Vec<Line<'static>>> =
        [status_line(play), selection_line(play), message_line(play)]
            .iter()
            .map(|line| {
                let mut lines = wrap(&line.spans, width, 2);
                lines.truncate(BOTTOM_LINES);
                lines
            })
            .collect();
    let height = |lines: &[Line<'_>]| lines.len() as u16;
    let [title_area, body, status, selection, message] = Layout::vertical([
        Constraint::Length(height(&title)),
        Constraint::Min(5),
        Constraint::Length(height(&bottom[0])),
        Constraint::Length(height(&bottom[1])),
        Constraint::Length(height(&bottom[2])),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title), title_area);

    // The board takes what the move list and keys leave, and at least what it needs; they
    // go behind `i` when that leaves them too narrow to read.
    let side_width = SIDE_WIDTH.min(body.width / 2);
    let needed = board_width(&play.picture, CellSize::COMPACT) as u16 + 2;
    let board_width = body
        .width
        .saturating_sub(side_width)
        .max(needed.min(body.width));
    let side_shown = body.width - board_width >= MIN_SIDE_WIDTH;
    let board_width = if side_shown { board_width } else { body.width };
    let [board_area, side] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Fill(1)]).areas(body);

    if let Some(player) = play.handover {
        play.board_origin = None;
        render_handover(frame, body, player);
    } else {
        render_board(play, frame, board_area, !side_shown);
        if side_shown {
            render_side(play, frame, side);
        }
        if play.details {
            render_details(play, frame, body);
        }
    }
    for (lines, area) in bottom.into_iter().zip([status, selection, message]) {
        frame.render_widget(Paragraph::new(lines), area);
    }
}

/// Each of `lines` wrapped to `width`, the lines after the first of each indented by `indent`.
fn wrapped(lines: &[Line<'_>], width: u16, indent: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|line| {
            let mut out = wrap(&line.spans, usize::from(width), indent);
            for l in &mut out {
                l.style = line.style;
            }
            out
        })
        .collect()
}

fn message_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    match &play.prompt {
        Some((_, prompt)) => Line::from(Span::raw(prompt.display()).bold()),
        None => Line::from(Span::raw(play.message.clone()).dark_gray()),
    }
}

fn title_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    let name = Span::styled(
        format!(" {} ", G::INFO.name),
        Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
    );
    if let Some(framing) = &play.framing {
        return Line::from(vec![name, Span::raw(format!(" {}", framing.title))]);
    }
    let seats: Vec<String> = play
        .config
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| names::seat_and_who(Player(i as u8), s))
        .collect();
    // Never the seed of a game of hidden information, even once it is over: undo can reopen
    // the game, and the seed decides everything hidden.
    let seed = if G::INFO.shows_seed(false) {
        format!(" · seed {}", play.config.setup.seed)
    } else {
        String::new()
    };
    Line::from(vec![
        name,
        Span::raw(format!(" {}{seed}", seats.join(" vs "))),
    ])
}

/// The move list and, below it, the keys (or the result, once the game is over).
fn render_side<G: Engine>(play: &GamePlay<G>, frame: &mut Frame<'_>, side: Rect) {
    let keys = wrapped(&key_lines(play), side.width.saturating_sub(2), KEY_WIDTH);
    let [moves_area, keys_area] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(keys.len() as u16 + 2),
    ])
    .areas(side);
    render_moves(play, frame, moves_area);
    // A framed screen's keys stay: its status line says how the game ended.
    let outcome = play.table.session().outcome();
    match outcome.filter(|_| play.framing.is_none()) {
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

/// The board with its largest cells that leave room for the reserves and the legend; else
/// the smallest, with what has no room behind `i` (as has the side, when `side_hidden`).
fn render_board<G: Engine>(
    play: &mut GamePlay<G>,
    frame: &mut Frame<'_>,
    area: Rect,
    side_hidden: bool,
) {
    let mut block = Block::bordered().title(format!(" {} ", G::INFO.name));
    let inner = block.inner(area);
    let (width, height) = (usize::from(inner.width), usize::from(inner.height));
    let reserves = wrapped(&play_reserves(play), inner.width, 2);
    let legend = wrapped(&legend_and_notes(&play.picture), inner.width, 2);
    let fits = |size: CellSize, below: usize| {
        board_width(&play.picture, size) <= width
            && board_height(&play.picture, size) + below <= height
    };
    let everything = reserves.len() + legend.len();
    let (size, show_legend) = CellSize::ALL
        .iter()
        .rev()
        .find(|&&size| fits(size, everything))
        .map_or((CellSize::COMPACT, false), |&size| (size, true));
    let mut show_reserves = show_legend || fits(size, reserves.len());
    let marks = play.marks();
    let (mut lines, geometry, beyond) = if fits(size, 0) {
        let (lines, geometry) = board_lines(&play.picture, &marks, size);
        (lines, geometry, String::new())
    } else {
        // Even the smallest cells are too many (an open grid grown past the terminal): the
        // part that matters, the reserves below it while they leave it room.
        show_reserves = height >= reserves.len() + MIN_WINDOW_LINES;
        let room = if show_reserves {
            height - reserves.len()
        } else {
            height
        };
        let window = window(&play.picture, &marks, size, width, room);
        let (lines, geometry) = board_lines(&window.picture, &marks, size);
        (lines, geometry, window.arrows())
    };
    play.geometry = geometry;
    if show_reserves {
        lines.extend(reserves);
    }
    if show_legend {
        lines.extend(legend);
    }
    if side_hidden || !show_legend {
        block = block.title_bottom(Line::from(" i: more ").light_blue());
    }
    if !beyond.is_empty() {
        block = block.title_bottom(Line::from(format!(" more cells {beyond} ")).right_aligned());
    }
    frame.render_widget(block, area);
    play.board_origin = Some((inner.x, inner.y));
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The reserves, the picked pieces marked.
fn play_reserves<G: Engine>(play: &GamePlay<G>) -> Vec<Line<'static>> {
    let seats = &play.config.seats;
    let names = |seat: usize| {
        let player = Player(seat as u8);
        match seats.get(seat) {
            // A framed screen's other seats are played by the screen, not by a level.
            Some(s @ Seat::Computer(_)) if play.framing.is_none() => names::seat_and_who(player, s),
            _ => names::seat(player),
        }
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
    reserve_lines(&play.picture, &names, &picked)
}

/// The legend (each seat's pieces after its name) and the picture's notes.
fn legend_and_notes(picture: &Picture) -> Vec<Line<'static>> {
    let mut lines = legend_lines(picture, &|seat| names::seat(Player(seat as u8)));
    for note in &picture.notes {
        lines.push(Line::from(Span::raw(note.clone()).dark_gray()));
    }
    lines
}

/// The reserves, the legend and notes, the keys and the latest moves over the body, for the
/// `i` key (any key closes them): all that the board and the side may have no room for.
fn render_details<G: Engine>(play: &GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let width = area.width.saturating_sub(2).min(76);
    let heading = |text: &str| Line::from(Span::raw(text.to_owned()).bold());
    let mut lines = wrapped(&play_reserves(play), width, 2);
    lines.extend(wrapped(&legend_and_notes(&play.picture), width, 2));
    lines.push(heading("Keys"));
    lines.extend(wrapped(&key_lines(play), width, KEY_WIDTH));
    let room = usize::from(area.height.saturating_sub(2));
    let moves = move_lines(play, width);
    if !moves.is_empty() && lines.len() + 1 < room {
        lines.push(heading("Moves"));
        let shown = moves.len().min(room - lines.len());
        lines.extend(moves[moves.len() - shown..].iter().cloned());
    }
    let popup = centered(area, width + 2, lines.len() as u16 + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" More (any key closes) ")),
        popup,
    );
}

/// The moves so far, one turn a line (both moves of a Nudge turn on one), wrapped to
/// `width` under the turn's moves; the latest bold.
fn move_lines<G: Engine>(play: &GamePlay<G>, width: u16) -> Vec<Line<'static>> {
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
    let count = turns.len();
    let lines: Vec<Line<'static>> = turns
        .into_iter()
        .enumerate()
        .map(|(i, (seat, moves))| {
            let line = Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(
                    format!("{} ", names::seat(Player(seat as u8))).replace(' ', &GLUE.to_string()),
                    seat_style(seat),
                ),
                Span::raw(moves.join(" ")),
            ]);
            if i + 1 == count { line.bold() } else { line }
        })
        .collect();
    wrapped(&lines, width, MOVE_INDENT)
}

/// Columns before a turn's moves in the move list: its number and the seat (`  1. Player 1 `).
const MOVE_INDENT: usize = 14;

/// The move list, the latest lines at the bottom.
fn render_moves<G: Engine>(play: &GamePlay<G>, frame: &mut Frame<'_>, area: Rect) {
    let total = play.table.session().moves().len();
    let mut lines = move_lines(play, area.width.saturating_sub(2));
    let height = area.height.saturating_sub(2) as usize;
    lines.drain(..lines.len().saturating_sub(height));
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

/// Columns the keys take before what they do.
const KEY_WIDTH: usize = 10;

pub(super) fn key_lines<G: Engine>(play: &GamePlay<G>) -> Vec<Line<'static>> {
    let mut keys: Vec<(&str, &str)> = Vec::new();
    if let Some(framing) = &play.framing {
        keys.clone_from(&framing.keys);
    } else if play.humans.is_empty() {
        keys.extend([
            ("Space p", "pause / resume"),
            (".", "one move"),
            ("+ -", "faster / slower"),
            ("i", "more"),
        ]);
    } else {
        keys.extend([
            ("←↑↓→ hjkl", "cursor"),
            ("⏎ Space", "point (or click)"),
            ("Tab A-Z", "piece or choice"),
            ("t x ⌫", "take / play / again"),
            (":", "type a move"),
            ("? i", "hint / more"),
        ]);
    }
    if play.framing.is_none() {
        keys.extend([
            ("u r", "undo / redo"),
            ("s o", "save / load"),
            ("n F1", "new game / rules"),
            ("Esc q", "menu / quit"),
        ]);
    }
    // The keys are glued together, and to their column's padding.
    keys.into_iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(
                    format!("{k:<KEY_WIDTH$}").replace(' ', &GLUE.to_string()),
                    Style::default().fg(Color::LightBlue),
                ),
                Span::raw(what.to_owned()),
            ])
        })
        .collect()
}

fn status_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    let state = play.table.session().state();
    let seat = state.to_move().map_or(0, Player::index);
    if let Some(framing) = &play.framing {
        return Line::from(Span::styled(framing.status.clone(), seat_style(seat)));
    }
    let mut text = match state.to_move() {
        None => state
            .outcome()
            .map_or_else(|| "Game over.".to_owned(), |o| format!("Game over: {o}")),
        Some(p) => {
            let kind = &play.config.seats[p.index()];
            let who = names::seat_and_who(p, kind);
            let mut s = match (&play.thinking, kind) {
                (Some(job), _) => format!(
                    "{} {who} is thinking… {:.1} s",
                    spinner(job.elapsed()),
                    job.elapsed().as_secs_f64()
                ),
                (None, Seat::Computer(_)) if play.paused => format!("⏸ Paused before {who} moves"),
                (None, Seat::Computer(_)) => format!("{who} to move"),
                (None, Seat::Human) => format!("{} to move", names::seat(p)),
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

/// The line under the status: the piece or choice Enter puts down, and the one thing Enter
/// does now ([`GamePlay::enter_text`], from the decision Enter carries out).
fn selection_line<G: Engine>(play: &GamePlay<G>) -> Line<'static> {
    if play.human_to_move().is_none() {
        return Line::from("");
    }
    let picks = play.pointing.picks(&play.gestures);
    // The pick is not what Enter puts down while it plays the hint.
    let hint = matches!(play.enter(), Enter::Hint(_));
    let chosen = play
        .pick
        .as_ref()
        .filter(|_| !hint)
        .map_or_else(String::new, |pick| {
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
        Span::raw(play.enter_text()),
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
            Line::from(format!("Pass the keyboard to {}.", names::seat(player))).bold(),
            Line::from(""),
            Line::from(format!(
                "{} — press Enter to see your hand.",
                names::seat(player)
            )),
        ])
        .block(Block::bordered().title(" Hidden hands ")),
        popup,
    );
}
