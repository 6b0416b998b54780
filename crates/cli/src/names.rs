//! The names a person reads for seats, levels and modes, one for each and the same in the
//! plain menu and game, the terminal UI and the web page: a seat is `Player 1` (wherever it
//! stands in a sentence); a computer's level is the ladder's name (`hard`), never the name
//! of the program inside it (`strong`, `strong:think=1000`), which only records and the
//! researchers' tables keep; a mode is `Against the computer` (the page's words: "against the
//! computer", "one screen").

use tabuleiro_core::Player;

use crate::play::Seat;

/// A seat as people call it: `Player 2`.
pub fn seat(player: Player) -> String {
    format!("Player {}", player.0 + 1)
}

/// Who sits in a seat: `human`, or the level of its computer as the ladder names it
/// (`hard`; a level off the ladder in full, as it was given).
pub fn who(sitting: &Seat) -> String {
    sitting.name()
}

/// A seat with who sits in it: `Player 2 (hard)`, `Player 1 (human)`.
pub fn seat_and_who(player: Player, sitting: &Seat) -> String {
    format!("{} ({})", seat(player), who(sitting))
}

/// Who plays: the modes the menus offer, named alike everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every seat is a person at this keyboard.
    HumanVsHuman,
    /// One person, computers in the other seats.
    HumanVsComputer,
    /// Computers in every seat.
    ComputerVsComputer,
}

impl Mode {
    /// Every mode, in the menus' order.
    pub const ALL: [Mode; 3] = [
        Mode::HumanVsHuman,
        Mode::HumanVsComputer,
        Mode::ComputerVsComputer,
    ];

    /// Its name: `Against the computer`.
    pub fn label(self) -> &'static str {
        match self {
            Mode::HumanVsHuman => "One screen",
            Mode::HumanVsComputer => "Against the computer",
            Mode::ComputerVsComputer => "Computer against computer",
        }
    }
}

#[cfg(test)]
mod tests {
    use tabuleiro_ai::Level;

    use super::*;

    #[test]
    fn seats_are_players_and_levels_are_the_ladders_names() {
        assert_eq!(seat(Player(1)), "Player 2");
        let hard: Seat = "strong:think=1000".parse().unwrap();
        assert_eq!(seat_and_who(Player(1), &hard), "Player 2 (hard)");
        assert_eq!(who(&Seat::Computer(Level::Greedy)), "easy");
        assert_eq!(seat_and_who(Player(0), &Seat::Human), "Player 1 (human)");
        // Off the ladder, the level as given.
        let odd: Seat = "strong:think=250".parse().unwrap();
        assert_eq!(who(&odd), "strong:think=250");
    }
}
