//! The cursor and the chosen piece: moving, cycling, playing the choice, and the marks drawn
//! on the board (legal targets, refusals, the other cells of the move, hint, last move).

use std::collections::HashMap;

use tabuleiro_core::Engine;

use super::GamePlay;
use crate::tui::board::{Cell, CellMark};
use crate::tui::targets::{Target, Template, cells_in};

impl<G: Engine> GamePlay<G> {
    /// Plays the chosen piece at the cursor, else a hint the cursor cannot point at, or
    /// explains why not.
    pub(super) fn play_selected(&mut self) {
        if self.human_to_move().is_none() {
            self.message = self.not_your_turn();
            return;
        }
        if let Some(target) = self.selected() {
            let mv = target.mv;
            self.play_move(mv);
            return;
        }
        if let Some(mv) = self.hint_move {
            self.play_move(mv);
            return;
        }
        let (Some(cursor), Some(_)) = (self.cursor, self.template.as_ref()) else {
            self.say("Type : and a move.");
            return;
        };
        let here: Vec<(String, Template)> = self
            .targets
            .at(cursor)
            .filter_map(|t| t.place.as_ref().map(|(_, tp)| (t.text.clone(), tp.clone())))
            .collect();
        if let Some((text, template)) = here.into_iter().next() {
            self.template = Some(template);
            self.message = format!("{text} chosen: Enter plays it, Tab chooses another.");
        } else {
            self.message = self
                .refusal(cursor)
                .unwrap_or_else(|| format!("No legal move at {}.", self.picture.name(cursor)));
        }
    }

    /// The legal move of the chosen piece at the cursor, if there is one.
    pub(super) fn selected(&self) -> Option<&Target<G::Move>> {
        let (cursor, template) = (self.cursor?, self.template.as_ref()?);
        self.targets.find(template, cursor)
    }

    pub(super) fn not_your_turn(&self) -> String {
        match self.table.session().state().to_move() {
            None => "The game is over: n starts a new one, u takes back.".to_owned(),
            Some(p) if self.handover == Some(p) => format!("Pass to {p} and press Enter."),
            Some(p) => format!("It is {p}'s turn ({}).", self.config.seats[p.index()]),
        }
    }

    /// Why the chosen piece may not go at `cell`, if the game says so.
    pub(super) fn refusal(&self, cell: Cell) -> Option<String> {
        let template = self.template.as_ref()?;
        let text = template.at(cell, &self.picture)?;
        let state = self.table.session().state();
        let mv = state.parse_notation(&text).ok()?;
        state.check_move(mv).err().map(|e| format!("{text}: {e}"))
    }

    /// Cycles the chosen piece, shape, direction or orientation.
    pub(super) fn cycle_template(&mut self, forward: bool) {
        let templates = self.targets.templates();
        if templates.is_empty() {
            return;
        }
        let n = templates.len();
        let index = self
            .template
            .as_ref()
            .and_then(|t| templates.iter().position(|x| x == t))
            .map_or(0, |i| {
                if forward {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                }
            });
        self.template = Some(templates[index].clone());
    }

    /// Chooses the next piece whose notation starts with `letter` (any case): `C` for
    /// Quantik's cube, `D` for Nudge's down, `H` for Pushee's horizontal. Returns whether
    /// some piece has that letter.
    pub(super) fn choose_by_letter(&mut self, letter: char) -> bool {
        let matching: Vec<&Template> = self
            .targets
            .templates()
            .iter()
            .filter(|t| t.letter().is_some_and(|l| l.eq_ignore_ascii_case(&letter)))
            .collect();
        let Some(first) = matching.first() else {
            return false;
        };
        let next = self
            .template
            .as_ref()
            .and_then(|current| matching.iter().position(|t| *t == current))
            .map_or(*first, |i| matching[(i + 1) % matching.len()]);
        self.template = Some(next.clone());
        true
    }

    pub(super) fn move_cursor(&mut self, columns: i32, rows: i32) {
        if let Some(cell) = self.cursor {
            self.cursor = Some(self.picture.step(cell, columns, rows));
        }
    }

    /// The marks to draw on the board's cells.
    pub(super) fn marks(&self) -> HashMap<Cell, CellMark> {
        let mut marks: HashMap<Cell, CellMark> = HashMap::new();
        let mut mark = |cell: Cell, f: &dyn Fn(&mut CellMark)| f(marks.entry(cell).or_default());
        if let Some(text) = self.last_move_text() {
            for (_, cell) in cells_in(&text, &self.picture) {
                mark(cell, &|m| m.last = true);
            }
        }
        if let Some(hint) = &self.hint {
            for (_, cell) in cells_in(hint, &self.picture) {
                mark(cell, &|m| m.hint = true);
            }
        }
        if let Some(cursor) = self.cursor {
            mark(cursor, &|m| m.cursor = true);
        }
        let Some(template) = &self.template else {
            return marks;
        };
        if self.human_to_move().is_none() {
            return marks;
        }
        let legal: Vec<Cell> = self.targets.anchors(template).collect();
        for &cell in &legal {
            mark(cell, &|m| m.legal = true);
        }
        if let Some(target) = self.cursor.and_then(|c| self.targets.find(template, c)) {
            for &cell in target.cells.iter().skip(1) {
                mark(cell, &|m| m.partner = true);
            }
        }
        // Where to mark refusals: in placement games (every legal move starts on an empty
        // cell) the empty cells; otherwise the cells some legal move starts from.
        let anchors: Vec<Cell> = self
            .targets
            .all()
            .iter()
            .filter_map(|t| t.place.as_ref().map(|(a, _)| *a))
            .collect();
        let placement = anchors.iter().all(|&a| self.picture.is_empty_cell(a));
        let state = self.table.session().state();
        for cell in self.picture.cells() {
            let candidate = if placement {
                self.picture.is_empty_cell(cell)
            } else {
                anchors.contains(&cell)
            };
            if !candidate || legal.contains(&cell) {
                continue;
            }
            let refused = template
                .at(cell, &self.picture)
                .and_then(|text| state.parse_notation(&text).ok())
                .is_some_and(|mv| state.check_move(mv).is_err());
            if refused {
                mark(cell, &|m| m.illegal = true);
            }
        }
        marks
    }
}
