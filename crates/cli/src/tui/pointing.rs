//! Making a move by pointing, for any game: the gesture made so far is matched against the
//! gestures of the legal moves ([`Gesture::fits`], [`Gesture::same`]). The player points at
//! cells, picks pieces from the hand or reserve (each put on the next cell pointed at, or
//! given without a cell, as traded tiles), and picks the one choice a move needs (a shape, an
//! orientation, `pass`). The page does the same in JavaScript. Nothing here knows any game.

use tabuleiro_core::{Cell, Gesture, Placement};

/// Something the player may pick next besides a cell: a piece of the reserve or a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Its token.
    pub token: String,
    /// Its name for the screen (`cube`, `horizontal`, `RH`).
    pub label: String,
    /// Whether it is a choice (else a piece taken from the hand).
    pub choice: bool,
}

/// What pointing has led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The gesture is exactly one legal move and grows into no other: play it (its index).
    Play(usize),
    /// The gesture is exactly this legal move (or is it but for the choice that only this
    /// move would complete it with), but other moves go on from it: the player may play it
    /// or go on.
    Whole(usize),
    /// The gesture is part of some legal moves: go on.
    Partial,
}

/// A gesture being made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pointing {
    made: Gesture,
}

impl Default for Pointing {
    fn default() -> Self {
        Pointing {
            made: Gesture::cells(Vec::new()),
        }
    }
}

impl Pointing {
    /// The gesture made so far.
    pub fn made(&self) -> &Gesture {
        &self.made
    }

    /// Whether nothing has been pointed at yet.
    pub fn is_empty(&self) -> bool {
        self.made.cells.is_empty() && self.made.pieces.is_empty() && self.made.choice.is_none()
    }

    /// Starts again.
    pub fn clear(&mut self) {
        *self = Pointing::default();
    }

    /// The indices of the legal gestures the gesture can still grow into.
    pub fn candidates(&self, legal: &[Gesture]) -> Vec<usize> {
        (0..legal.len())
            .filter(|&i| self.made.fits(&legal[i]))
            .collect()
    }

    /// Where the gesture stands among the legal ones.
    pub fn settled(&self, legal: &[Gesture]) -> Settled {
        let candidates = self.candidates(legal);
        let exact: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| self.made.same(&legal[i]))
            .collect();
        match (exact.as_slice(), candidates.len()) {
            ([only], 1) => Settled::Play(*only),
            ([first, ..], _) => Settled::Whole(*first),
            ([], _) => {
                // A gesture that one move alone completes with its choice (tiles picked to
                // trade, whose move is named "trade"): that move may be played as it is.
                let completed: Vec<usize> = candidates
                    .iter()
                    .copied()
                    .filter(|&i| {
                        self.made.choice.is_none()
                            && legal[i].choice.as_ref().is_some_and(|c| {
                                self.made.clone().with_choice(c.clone()).same(&legal[i])
                            })
                    })
                    .collect();
                match completed.as_slice() {
                    [only] => Settled::Whole(*only),
                    _ => Settled::Partial,
                }
            }
        }
    }

    /// Keeps `next` if some legal move can still be made from it.
    fn attempt(&mut self, next: Gesture, legal: &[Gesture]) -> bool {
        if legal.iter().any(|g| next.fits(g)) {
            self.made = next;
            true
        } else {
            false
        }
    }

    /// Points at `cell`: puts the held piece there, or takes the piece put there back into
    /// the hand, or adds the cell to those pointed at (starting again from it when the
    /// gesture cannot go on there). Returns whether the gesture changed.
    pub fn point(&mut self, cell: Cell, legal: &[Gesture]) -> bool {
        let made = self.made.clone();
        if let Some(i) = made.pieces.iter().position(|p| p.cell == Some(cell)) {
            self.made.pieces[i].cell = None;
            return true;
        }
        if let Some(i) = made.pieces.iter().position(|p| p.cell.is_none()) {
            let mut next = made;
            next.pieces[i].cell = Some(cell);
            return self.attempt(next, legal);
        }
        let mut longer = made.clone();
        longer.cells.push(cell);
        let fresh = Gesture {
            cells: vec![cell],
            pieces: Vec::new(),
            choice: made.choice.clone(),
        };
        // A choice made stays made: a cell it cannot go with is refused.
        self.attempt(longer, legal)
            || self.attempt(fresh, legal)
            || (made.choice.is_none() && self.attempt(Gesture::cells(vec![cell]), legal))
    }

    /// Picks `pick`: a choice is made (or unmade, if it was), a piece is taken into the hand
    /// to be put on the next cell pointed at. Returns whether the gesture changed.
    pub fn pick(&mut self, pick: &Pick, legal: &[Gesture]) -> bool {
        let made = self.made.clone();
        if pick.choice {
            if made.choice.as_ref().is_some_and(|c| c.token == pick.token) {
                self.made.choice = None;
                return true;
            }
            let choice = legal
                .iter()
                .find_map(|g| g.choice.clone().filter(|c| c.token == pick.token));
            let Some(choice) = choice else {
                return false;
            };
            let mut next = made;
            next.choice = Some(choice.clone());
            return self.attempt(next, legal)
                || self.attempt(Gesture::cells(Vec::new()).with_choice(choice), legal);
        }
        let mut next = made;
        next.pieces.push(Placement {
            token: pick.token.clone(),
            cell: None,
        });
        self.attempt(next, legal)
    }

    /// The choices and pieces that can be picked next, in the order the legal moves first
    /// use them.
    pub fn picks(&self, legal: &[Gesture]) -> Vec<Pick> {
        let mut picks: Vec<Pick> = Vec::new();
        for i in self.candidates(legal) {
            let gesture = &legal[i];
            if let Some(choice) = &gesture.choice
                && self.made.choice.is_none()
                && !picks.iter().any(|p| p.token == choice.token)
            {
                picks.push(Pick {
                    token: choice.token.clone(),
                    label: choice.label.clone(),
                    choice: true,
                });
            }
            for piece in &gesture.pieces {
                let mut next = self.made.clone();
                next.pieces.push(Placement {
                    token: piece.token.clone(),
                    cell: None,
                });
                if !picks.iter().any(|p| p.token == piece.token) && next.fits(gesture) {
                    picks.push(Pick {
                        token: piece.token.clone(),
                        label: piece.token.clone(),
                        choice: false,
                    });
                }
            }
        }
        picks
    }

    /// The cells where pointing can go on: where the held piece may go, or the next cell of
    /// a move.
    pub fn targets(&self, legal: &[Gesture]) -> Vec<Cell> {
        let held = self.made.pieces.iter().position(|p| p.cell.is_none());
        let mut targets: Vec<Cell> = Vec::new();
        for i in self.candidates(legal) {
            let gesture = &legal[i];
            match held {
                Some(h) => {
                    for piece in &gesture.pieces {
                        let Some(cell) = piece.cell else { continue };
                        if piece.token != self.made.pieces[h].token || targets.contains(&cell) {
                            continue;
                        }
                        let mut next = self.made.clone();
                        next.pieces[h].cell = Some(cell);
                        if next.fits(gesture) {
                            targets.push(cell);
                        }
                    }
                }
                None => {
                    if let Some(&cell) = gesture.cells.get(self.made.cells.len())
                        && !targets.contains(&cell)
                    {
                        targets.push(cell);
                    }
                }
            }
        }
        targets
    }

    /// The cells pointed at so far, pieces put down included.
    pub fn cells(&self) -> Vec<Cell> {
        self.made.all_cells()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::Choice;

    fn choice(token: &str) -> Choice {
        Choice {
            token: token.to_owned(),
            label: token.to_owned(),
            piece: None,
        }
    }

    fn placed(token: &str, x: i32) -> Placement {
        Placement {
            token: token.to_owned(),
            cell: Some(Cell::new(x, 0)),
        }
    }

    #[test]
    fn a_cell_then_a_choice_or_a_choice_then_a_cell() {
        let legal: Vec<Gesture> = ["C", "S"]
            .iter()
            .flat_map(|t| {
                (0..2).map(move |x| Gesture::cells(vec![Cell::new(x, 0)]).with_choice(choice(t)))
            })
            .collect();
        let mut pointing = Pointing::default();
        assert!(pointing.point(Cell::new(1, 0), &legal));
        assert_eq!(pointing.settled(&legal), Settled::Partial);
        let picks = pointing.picks(&legal);
        assert_eq!(picks.len(), 2);
        assert!(pointing.pick(&picks[1], &legal));
        assert_eq!(pointing.settled(&legal), Settled::Play(3));
        let mut other = Pointing::default();
        let cube = &other.picks(&legal)[0];
        assert!(other.pick(&cube.clone(), &legal));
        assert_eq!(other.targets(&legal).len(), 2);
        other.point(Cell::new(0, 0), &legal);
        assert_eq!(other.settled(&legal), Settled::Play(0));
    }

    #[test]
    fn pieces_held_then_put_down_and_a_whole_move_inside_a_longer_one() {
        let one = Gesture {
            cells: vec![],
            pieces: vec![placed("RH", 0)],
            choice: None,
        };
        let two = Gesture {
            pieces: vec![placed("RH", 0), placed("RS", 1)],
            ..one.clone()
        };
        let trade = Gesture {
            pieces: vec![Placement {
                token: "RH".into(),
                cell: None,
            }],
            ..one.clone()
        };
        let legal = vec![one, two, trade];
        let mut pointing = Pointing::default();
        assert!(
            !pointing.point(Cell::new(0, 0), &legal),
            "a cell first: no move"
        );
        let rh = pointing.picks(&legal)[0].clone();
        assert!(pointing.pick(&rh, &legal));
        assert_eq!(
            pointing.settled(&legal),
            Settled::Whole(2),
            "held alone: the trade"
        );
        assert_eq!(pointing.targets(&legal), [Cell::new(0, 0)]);
        assert!(pointing.point(Cell::new(0, 0), &legal));
        assert_eq!(pointing.settled(&legal), Settled::Whole(0));
        let rs = pointing.picks(&legal)[0].clone();
        assert_eq!(rs.token, "RS");
        pointing.pick(&rs, &legal);
        pointing.point(Cell::new(1, 0), &legal);
        assert_eq!(pointing.settled(&legal), Settled::Play(1));
        assert!(
            pointing.point(Cell::new(1, 0), &legal),
            "pointing again takes it back"
        );
        assert_eq!(pointing.made().pieces[1].cell, None);
    }
}
