//! Making a move by pointing: the cursor, the piece or choice Enter puts down (Tab, a
//! capital letter), Enter at the cursor, taking a piece without a cell (`t`), playing a
//! whole move that longer ones go on from (`x`), and the marks drawn on the board.

use std::collections::HashMap;

use tabuleiro_core::{Cell, Engine};

use super::GamePlay;
use crate::names;
use crate::tui::drawing::CellMark;
use crate::tui::pointing::{Pointing, Settled};

/// What Enter does, decided once for doing it and for saying it.
pub(super) enum Enter<M> {
    /// Nothing: it is not this human's turn (the message says whose it is).
    NotYourTurn,
    /// Plays the hint: nothing is pointed at and the cursor is on the hint's first cell.
    Hint(M),
    /// Plays the move the picked choice makes whole without a cell (a trade).
    Pick(M),
    /// Nothing: there is no board to point at; moves are typed.
    NoCursor,
    /// Nothing: no move goes on at this cell (the message says so).
    Nowhere(Cell),
    /// Points at the cursor's cell, which makes this gesture, settled so (played when it is
    /// one whole move that no longer move goes on from).
    Point(Cell, Pointing, Settled),
}

impl<G: Engine> GamePlay<G> {
    /// The name of `cell` as the board labels it: `c4`, or `3,-1` on numbered axes.
    pub(super) fn cell_name(&self, cell: Cell) -> String {
        let board = &self.picture.board;
        let label = |axis: &tabuleiro_core::Axis, i: i32| {
            usize::try_from(i - axis.first)
                .ok()
                .and_then(|k| axis.labels.get(k).cloned())
                .unwrap_or_else(|| i.to_string())
        };
        let column = label(&board.columns, cell.x);
        let row = label(&board.rows, cell.y);
        if column.chars().all(|c| c.is_ascii_alphabetic()) {
            format!("{column}{row}")
        } else {
            format!("{column},{row}")
        }
    }

    /// The gesture as it would be with the pick applied the way Enter applies it: a choice
    /// not yet made is made, a piece is taken when none is held.
    pub(super) fn with_pick(&self) -> Pointing {
        let mut preview = self.pointing.clone();
        if let Some(pick) = &self.pick {
            let made = preview.made();
            let wanted = if pick.choice {
                made.choice.is_none()
            } else {
                made.pieces.iter().all(|p| p.cell.is_some())
            };
            if wanted {
                let before = preview.clone();
                if !preview.pick(pick, &self.gestures) {
                    preview = before;
                }
            }
        }
        preview
    }

    /// What Enter at `cell` would make of the gesture (with the pick), if it goes on there.
    fn pointed(&self, cell: Cell) -> Option<Pointing> {
        let mut preview = self.with_pick();
        preview.point(cell, &self.gestures).then_some(preview)
    }

    /// What Enter (or a click, once the cursor is on the clicked cell) does now: decided
    /// here once, for [`Self::play_selected`] to do and the line under the status to say.
    pub(super) fn enter(&self) -> Enter<G::Move> {
        if self.human_to_move().is_none() {
            return Enter::NotYourTurn;
        }
        if self.pointing.is_empty()
            && let Some(mv) = self.hint_move
        {
            let anchor = self.table.state().gesture(mv).all_cells().first().copied();
            if anchor.is_none() || anchor == self.cursor {
                return Enter::Hint(mv);
            }
        }
        // A choice picked that makes a whole move with no cell to point at (a trade, a pass):
        // the choice names that move, even when longer ones go on from it.
        if self.pick.as_ref().is_some_and(|p| p.choice) {
            let preview = self.with_pick();
            if preview != self.pointing
                && let Settled::Play(i) | Settled::Whole(i) = preview.settled(&self.gestures)
            {
                return Enter::Pick(self.legal[i]);
            }
        }
        let Some(cursor) = self.cursor else {
            return Enter::NoCursor;
        };
        match self.pointed(cursor) {
            Some(pointing) => {
                let settled = pointing.settled(&self.gestures);
                Enter::Point(cursor, pointing, settled)
            }
            None => Enter::Nowhere(cursor),
        }
    }

    /// Enter or a click: points at the cursor's cell (with the pick), plays the move once it
    /// is whole, or plays the hint, or explains why nothing happens; as [`Self::enter`]
    /// decides.
    pub(super) fn play_selected(&mut self) {
        match self.enter() {
            Enter::NotYourTurn => self.message = self.not_your_turn(),
            Enter::Hint(mv) | Enter::Pick(mv) => {
                self.play_move(mv);
            }
            Enter::NoCursor => self.say("Type : and a move."),
            Enter::Point(_, pointing, _) => {
                self.pointing = pointing;
                self.settle();
            }
            Enter::Nowhere(cursor) => {
                let pick = self
                    .pick
                    .as_ref()
                    .map_or_else(String::new, |p| format!(" with {}", p.label));
                self.message = format!(
                    "No move of yours goes on at {}{pick}; Backspace starts again.",
                    self.cell_name(cursor)
                );
            }
        }
    }

    /// What playing `mv` does, for the screen: `plays Cd2`, or for a move that puts nothing
    /// on the board and is named by its choice (Q!nto's `Trade RX RH`), that name as a verb
    /// (`trades RX RH`).
    pub(super) fn does(&self, mv: G::Move) -> String {
        let gesture = self.table.state().gesture(mv);
        let text = self.table.state().format_move(mv);
        if let Some(choice) = &gesture.choice
            && gesture.all_cells().is_empty()
            && choice.label != choice.token
            && let Some((verb, rest)) = choice.label.split_once(' ')
        {
            let verb = verb.to_lowercase();
            let ending = if verb.ends_with('s') { "es" } else { "s" };
            return format!("{verb}{ending} {rest}");
        }
        format!("plays {text}")
    }

    /// What Enter does now, in a few words for the line under the status (empty when it is
    /// not the human's turn): the same decision as [`Self::play_selected`] carries out.
    pub(super) fn enter_text(&self) -> String {
        match self.enter() {
            Enter::NotYourTurn => String::new(),
            Enter::Hint(mv) => format!("⏎ plays the hint {}", self.table.state().format_move(mv)),
            Enter::Pick(mv) => format!("⏎ {}", self.does(mv)),
            Enter::NoCursor => ": types a move".to_owned(),
            Enter::Nowhere(cursor) => format!("no move goes on at {}", self.cell_name(cursor)),
            Enter::Point(cursor, _, settled) => match settled {
                Settled::Play(i) => format!("⏎ {}", self.does(self.legal[i])),
                Settled::Whole(i) => {
                    let mv = self.legal[i];
                    let does = self.does(mv);
                    let verb = match does.split_once(' ') {
                        Some((verb, _)) if verb != "plays" => verb,
                        _ => "plays it",
                    };
                    format!(
                        "⏎ makes {} (x then {verb})",
                        self.table.state().format_move(mv)
                    )
                }
                Settled::Partial => format!("⏎ points at {}", self.cell_name(cursor)),
            },
        }
    }

    /// Plays the gesture once it is exactly one move that no longer move goes on from, or
    /// says what it still needs.
    fn settle(&mut self) {
        match self.pointing.settled(&self.gestures) {
            Settled::Play(i) => {
                let mv = self.legal[i];
                self.play_move(mv);
            }
            Settled::Whole(i) => {
                let text = self.table.state().format_move(self.legal[i]);
                self.message = format!("x plays {text}, or go on.");
                self.refresh_pick();
            }
            Settled::Partial => {
                self.say("Go on: Tab picks a piece or choice, Enter points.");
                self.refresh_pick();
            }
        }
    }

    /// After the gesture grew: the pick becomes one that can go on.
    fn refresh_pick(&mut self) {
        let picks = self.pointing.picks(&self.gestures);
        if !self.pick.as_ref().is_some_and(|p| picks.contains(p)) {
            self.pick = picks.first().cloned();
        }
    }

    /// `x`: plays the gesture when it is a whole move.
    pub(super) fn play_whole(&mut self) {
        match self.pointing.settled(&self.gestures) {
            Settled::Play(i) | Settled::Whole(i) if !self.pointing.is_empty() => {
                let mv = self.legal[i];
                self.play_move(mv);
            }
            _ => self.say("Nothing whole to play yet: point at more, or type : and a move."),
        }
    }

    /// `t`: takes the pick without a cell (a tile to trade, a choice such as `pass`).
    pub(super) fn take_pick(&mut self) {
        if self.human_to_move().is_none() {
            self.message = self.not_your_turn();
            return;
        }
        let Some(pick) = self.pick.clone() else {
            self.say("Nothing to pick here.");
            return;
        };
        if self.pointing.pick(&pick, &self.gestures) {
            self.settle();
        } else {
            self.message = format!("{} does not go with what is picked.", pick.label);
        }
    }

    pub(super) fn not_your_turn(&self) -> String {
        match self.table.session().to_move() {
            None => "The game is over: n starts a new one, u takes back.".to_owned(),
            Some(p) if self.handover == Some(p) => {
                format!("Pass to {} and press Enter.", names::seat(p))
            }
            Some(p) => format!(
                "It is {}'s turn ({}).",
                names::seat(p),
                names::who(&self.config.seats[p.index()])
            ),
        }
    }

    /// Cycles the piece or choice Enter puts down.
    pub(super) fn cycle_pick(&mut self, forward: bool) {
        let picks = self.pointing.picks(&self.gestures);
        if picks.is_empty() {
            return;
        }
        let n = picks.len();
        let index = self
            .pick
            .as_ref()
            .and_then(|p| picks.iter().position(|x| x == p))
            .map_or(0, |i| {
                if forward {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                }
            });
        self.pick = Some(picks[index].clone());
    }

    /// Picks the next piece or choice whose token or name starts with `letter` (any case):
    /// `C` for Quantik's cube, `H` for Pushee's horizontal, `R` for a red Q!nto tile. Returns
    /// whether one does.
    pub(super) fn choose_by_letter(&mut self, letter: char) -> bool {
        let starts = |text: &str| {
            text.chars()
                .next()
                .is_some_and(|c| c.eq_ignore_ascii_case(&letter))
        };
        let matching: Vec<_> = self
            .pointing
            .picks(&self.gestures)
            .into_iter()
            .filter(|p| starts(&p.token) || starts(&p.label))
            .collect();
        let Some(first) = matching.first() else {
            return false;
        };
        let next = self
            .pick
            .as_ref()
            .and_then(|current| matching.iter().position(|p| p == current))
            .map_or(first, |i| &matching[(i + 1) % matching.len()]);
        self.pick = Some(next.clone());
        true
    }

    pub(super) fn move_cursor(&mut self, columns: i32, rows: i32) {
        let board = &self.picture.board;
        if let Some(cell) = self.cursor {
            let clamp = |v: i32, axis: &tabuleiro_core::Axis| {
                v.clamp(axis.first, axis.first + axis.len().max(1) as i32 - 1)
            };
            self.cursor = Some(Cell::new(
                clamp(cell.x + columns, &board.columns),
                clamp(cell.y + rows, &board.rows),
            ));
        }
    }

    /// The marks to draw on the board's cells.
    pub(super) fn marks(&self) -> HashMap<Cell, CellMark> {
        let mut marks: HashMap<Cell, CellMark> = HashMap::new();
        let mut mark = |cell: Cell, f: &dyn Fn(&mut CellMark)| f(marks.entry(cell).or_default());
        if let Some(mv) = self.hint_move {
            for cell in self.table.state().gesture(mv).all_cells() {
                mark(cell, &|m| m.hint = true);
            }
        }
        if let Some(cursor) = self.cursor {
            mark(cursor, &|m| m.cursor = true);
        }
        if self.human_to_move().is_none() {
            return marks;
        }
        for cell in self.pointing.cells() {
            mark(cell, &|m| m.chosen = true);
        }
        let preview = self.with_pick();
        let mut targets = preview.targets(&self.gestures);
        if targets.is_empty() {
            targets = self.pointing.targets(&self.gestures);
        }
        for cell in targets {
            mark(cell, &|m| m.target = true);
        }
        marks
    }
}
