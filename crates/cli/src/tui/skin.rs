//! Optional Unicode glyphs for the pieces of a game's text board.
//!
//! The board is always drawn from the game's own text rendering; a skin only swaps single
//! characters inside cells for nicer symbols, coloured by seat. It is plain data looked up by
//! game id: a game without an entry (a new game, for instance) is drawn from its text as it
//! is, with pieces coloured by letter case (upper case: first seat, lower case: second).

/// Glyphs for one game: `(character in the text, glyph drawn, seat whose colour it takes)`,
/// and a legend line explaining them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skin {
    glyphs: &'static [(char, char, usize)],
    /// One line explaining the glyphs, shown under the board (empty when there is nothing to
    /// explain).
    pub legend: &'static str,
}

impl Skin {
    /// The skin of game `id`, or the plain one.
    pub fn for_game(id: &str) -> Skin {
        SKINS
            .iter()
            .find(|(game, _)| *game == id)
            .map(|(_, skin)| *skin)
            .unwrap_or_default()
    }

    /// The glyph and seat for character `c`, if the skin changes it.
    pub fn glyph(&self, c: char) -> Option<(char, usize)> {
        self.glyphs
            .iter()
            .find(|(from, _, _)| *from == c)
            .map(|&(_, to, seat)| (to, seat))
    }
}

const SKINS: &[(&str, Skin)] = &[
    (
        "quantik",
        Skin {
            glyphs: &[
                ('C', '■', 0),
                ('Y', '▮', 0),
                ('O', '▲', 0),
                ('S', '●', 0),
                ('c', '□', 1),
                ('y', '▯', 1),
                ('o', '△', 1),
                ('s', '○', 1),
            ],
            legend: "■C cube ▮Y cylinder ▲O cone ●S sphere, P2 □▯△○",
        },
    ),
    (
        "nudge",
        Skin {
            glyphs: &[('W', '◯', 0), ('B', '●', 1)],
            legend: "◯ White (player 1)   ● Black (player 2)",
        },
    ),
    (
        "taiji",
        Skin {
            glyphs: &[('O', '◯', 0), ('#', '●', 1)],
            legend: "◯ light half (player 1)   ● dark half (player 2)",
        },
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_games_keep_their_text() {
        assert_eq!(Skin::for_game("no-such-game").glyph('C'), None);
        assert_eq!(Skin::for_game("quantik").glyph('c'), Some(('□', 1)));
    }
}
