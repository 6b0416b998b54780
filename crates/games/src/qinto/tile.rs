//! The 60 tiles: colours, shapes, wilds, the deck, and how a tile is written (`RH`, `*S`, `**`).

use std::fmt;

/// Number of colours (and of shapes).
pub const KINDS: u8 = 5;

/// The colour letters in order: red, green, blue, yellow, black.
pub const COLOUR_LETTERS: [char; 5] = ['R', 'G', 'B', 'Y', 'K'];

/// The shape letters in order: spade, exclamation ("!"), diamond, heart, club.
pub const SHAPE_LETTERS: [char; 5] = ['S', 'X', 'D', 'H', 'C'];

/// The value of a wild colour or wild shape.
const WILD: u8 = KINDS;

/// Index of black among the colours (there is no black wild-shape tile).
const BLACK: u8 = 4;

/// Index of the exclamation mark among the shapes (there is no "!" wild-colour tile).
const EXCLAMATION: u8 = 1;

/// One tile: a colour (or wild colour) and a shape (or wild shape).
///
/// Stored as one byte, `colour * 6 + shape`, where 5 stands for "wild"; only the 34 kinds of
/// the deck can be built (no `*X` and no `K*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The fully wild Q!nto tile `**`.
    pub const QINTO: Tile = Tile(WILD * 6 + WILD);

    /// Number of distinct codes ([`Tile::code`] is below this).
    pub const CODES: usize = 36;

    /// The tile of `colour` and `shape` (indices 0..5, or 5 for wild), if the deck has such a
    /// kind.
    pub const fn new(colour: u8, shape: u8) -> Option<Tile> {
        if colour > WILD || shape > WILD {
            return None;
        }
        if (colour == WILD && shape == EXCLAMATION) || (shape == WILD && colour == BLACK) {
            return None;
        }
        Some(Tile(colour * 6 + shape))
    }

    /// The tile with this code, if it is a kind of the deck.
    pub const fn from_code(code: u8) -> Option<Tile> {
        Tile::new(code / 6, code % 6)
    }

    /// The tile with a code known to be of the deck (taken from a hand, pile or grid).
    #[inline]
    pub(crate) const fn from_code_unchecked(code: u8) -> Tile {
        debug_assert!(Tile::from_code(code).is_some(), "not a tile code");
        Tile(code)
    }

    /// The code, below [`Tile::CODES`].
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The colour index 0..5, or `None` for a wild colour.
    pub const fn colour(self) -> Option<u8> {
        let c = self.0 / 6;
        if c == WILD { None } else { Some(c) }
    }

    /// The shape index 0..5, or `None` for a wild shape.
    pub const fn shape(self) -> Option<u8> {
        let s = self.0 % 6;
        if s == WILD { None } else { Some(s) }
    }

    /// Whether the colour or the shape (or both) is wild.
    pub const fn is_wild(self) -> bool {
        self.0 / 6 == WILD || self.0 % 6 == WILD
    }

    /// Reads a tile written as two characters, colour then shape (`RH`, `*S`, `G*`, `**`; `!`
    /// is read as the shape `X`), in any case.
    ///
    /// # Errors
    /// A sentence saying what is wrong.
    pub fn parse(text: &str) -> Result<Tile, String> {
        let mut chars = text.chars();
        let (Some(c), Some(s), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(format!(
                "`{text}` is not a tile: a tile is a colour letter (R G B Y K or *) and a shape \
                 letter (S X D H C or *), e.g. RH, *S, **"
            ));
        };
        let colour = match c.to_ascii_uppercase() {
            '*' => WILD,
            u => COLOUR_LETTERS.iter().position(|&l| l == u).ok_or_else(|| {
                format!("`{c}` in `{text}` is not a colour (R G B Y K, or * for wild)")
            })? as u8,
        };
        let shape = match s.to_ascii_uppercase() {
            '*' => WILD,
            '!' => EXCLAMATION,
            u => SHAPE_LETTERS.iter().position(|&l| l == u).ok_or_else(|| {
                format!("`{s}` in `{text}` is not a shape (S X D H C, or * for wild)")
            })? as u8,
        };
        Tile::new(colour, shape).ok_or_else(|| {
            format!("there is no `{text}` tile (no wild-colour \"!\" and no black wild-shape tile)")
        })
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.colour().map_or('*', |c| COLOUR_LETTERS[c as usize]);
        let s = self.shape().map_or('*', |s| SHAPE_LETTERS[s as usize]);
        write!(f, "{c}{s}")
    }
}

/// The name of colour `c` (0..5), for messages.
pub fn colour_name(c: u8) -> &'static str {
    ["red", "green", "blue", "yellow", "black"][c as usize % 5]
}

/// The whole deck of 60 tiles in a fixed order: 2 of each of the 25 ordinary tiles, 2 Q!nto
/// tiles, 4 wild-colour tiles (`*S *D *H *C`) and 4 wild-shape tiles (`G* R* B* Y*`).
pub fn deck() -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(60);
    for colour in 0..KINDS {
        for shape in 0..KINDS {
            let tile = Tile(colour * 6 + shape);
            tiles.push(tile);
            tiles.push(tile);
        }
    }
    tiles.push(Tile::QINTO);
    tiles.push(Tile::QINTO);
    for shape in [0, 2, 3, 4] {
        tiles.push(Tile(WILD * 6 + shape));
    }
    for colour in [1, 0, 2, 3] {
        tiles.push(Tile(colour * 6 + WILD));
    }
    tiles
}

/// What a run of tiles holds, for checking whether it is a line: counts and sets of the fixed
/// (non-wild) colours and shapes. Adding tiles never turns a non-line into a line, so a
/// partial run can be checked as it grows.
///
/// Packed for speed (this is the innermost test of move generation): `counts` holds the
/// number of tiles, of fixed colours and of fixed shapes in its low three bytes (so adding two
/// summaries is one addition), `sets` the fixed colours in its low byte and the fixed shapes in
/// the next (so joining is one `or`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    counts: u32,
    sets: u16,
}

/// The summary of each single tile, by code.
const SINGLE: [RunSummary; Tile::CODES] = {
    let mut table = [RunSummary { counts: 0, sets: 0 }; Tile::CODES];
    let mut code = 0;
    while code < Tile::CODES {
        let (colour, shape) = (code as u8 / 6, code as u8 % 6);
        let mut one = RunSummary { counts: 1, sets: 0 };
        if colour != WILD {
            one.counts += 1 << 8;
            one.sets |= 1 << colour;
        }
        if shape != WILD {
            one.counts += 1 << 16;
            one.sets |= 1 << (8 + shape);
        }
        table[code] = one;
        code += 1;
    }
    table
};

/// [`SINGLE`] indexed by any byte (the entry of `code % CODES`, as [`RunSummary::of`] has always
/// read it), so that looking a tile up needs no division.
const SINGLE_BY_BYTE: [RunSummary; 256] = {
    let mut table = [RunSummary { counts: 0, sets: 0 }; 256];
    let mut code = 0;
    while code < 256 {
        table[code] = SINGLE[code % Tile::CODES];
        code += 1;
    }
    table
};

/// Why a run is not a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// More than 5 tiles.
    TooLong(u8),
    /// The fixed colours are neither all the same nor all different.
    Colours,
    /// The fixed shapes are neither all the same nor all different.
    Shapes,
}

impl RunSummary {
    /// The summary of one tile.
    #[inline]
    pub fn of(tile: Tile) -> RunSummary {
        SINGLE_BY_BYTE[tile.code() as usize]
    }

    /// Tiles in the run.
    #[inline]
    pub const fn len(&self) -> u8 {
        self.counts as u8
    }

    /// Whether the run holds no tile.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds one tile.
    #[inline]
    pub fn add(&mut self, tile: Tile) {
        self.merge(RunSummary::of(tile));
    }

    /// Adds the tiles of another part of the same run.
    #[inline]
    pub fn merge(&mut self, other: RunSummary) {
        self.counts += other.counts;
        self.sets |= other.sets;
    }

    /// The summary with one more tile.
    #[inline]
    pub fn with(mut self, tile: Tile) -> RunSummary {
        self.add(tile);
        self
    }

    /// Whether the run is a line (a run of 0 or 1 tiles always is). A wild stands for whatever
    /// makes the run a line, so only the fixed values count: they must be all the same or all
    /// different (five colours and five shapes exist, so a run of at most 5 can always be
    /// completed either way).
    #[inline]
    pub fn check(&self) -> Result<(), LineFault> {
        if self.len() > 5 {
            return Err(LineFault::TooLong(self.len()));
        }
        if !all_same_or_different(self.sets as u8, (self.counts >> 8) as u8) {
            return Err(LineFault::Colours);
        }
        if !all_same_or_different((self.sets >> 8) as u8, (self.counts >> 16) as u8) {
            return Err(LineFault::Shapes);
        }
        Ok(())
    }

    /// Whether the run is a line.
    #[inline]
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "no branches: whether a tile fits is a coin toss for the branch predictor"
    )]
    pub fn is_line(&self) -> bool {
        let colours = (self.sets as u8).count_ones();
        let shapes = ((self.sets >> 8) as u8).count_ones();
        (self.len() <= 5)
            & ((colours <= 1) | (colours == (self.counts >> 8) & 0xff))
            & ((shapes <= 1) | (shapes == (self.counts >> 16) & 0xff))
    }

    /// The tile codes that keep the run a line when added to it: bit `code` is set when
    /// `self.with(tile).is_line()` for the tile of that code (bits of codes that are no tile of
    /// the deck mean nothing). Three table reads and a multiplication instead of testing each
    /// tile.
    #[inline]
    pub fn fitting_codes(&self) -> u64 {
        let colours =
            FITTING_VALUES[(self.sets & 0x1f) as usize][((self.counts >> 8) & 0xf) as usize];
        let shapes = FITTING_VALUES[((self.sets >> 8) & 0x1f) as usize]
            [((self.counts >> 16) & 0xf) as usize];
        // Bit `6c + s` for every allowed colour `c` and shape `s`: the spread colours times the
        // shapes (six bits apart, so the products never carry into each other).
        let codes = SPREAD_COLOURS[colours as usize] * u64::from(shapes);
        // A sixth tile makes no line.
        codes & 0u64.wrapping_sub(u64::from(self.len() < 5))
    }
}

/// `FITTING_VALUES[set][count]`: for a run whose fixed colours (or shapes) are `set`, counted
/// `count` times, the values a tile may add and leave them all the same or all different: bit
/// `v` for the fixed value `v` (0..5), bit 5 for a wild.
const FITTING_VALUES: [[u8; 16]; 32] = {
    let mut table = [[0u8; 16]; 32];
    let mut set = 0;
    while set < 32 {
        let mut count = 0;
        while count < 16 {
            let mut fits = 0u8;
            let mut value = 0;
            while value < KINDS {
                if all_same_or_different(set as u8 | 1 << value, count as u8 + 1) {
                    fits |= 1 << value;
                }
                value += 1;
            }
            if all_same_or_different(set as u8, count as u8) {
                fits |= 1 << WILD;
            }
            table[set][count] = fits;
            count += 1;
        }
        set += 1;
    }
    table
};

/// `SPREAD_COLOURS[mask]`: bit `6c` for every bit `c` of a 6-bit mask of colours (the code of
/// colour `c` with shape 0).
const SPREAD_COLOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut c = 0;
        while c < 6 {
            if mask & (1 << c) != 0 {
                table[mask] |= 1 << (6 * c);
            }
            c += 1;
        }
        mask += 1;
    }
    table
};

#[inline]
const fn all_same_or_different(set: u8, count: u8) -> bool {
    let distinct = set.count_ones() as u8;
    distinct <= 1 || distinct == count
}

/// Whether `tiles` (a whole run) is a line.
pub fn is_line(tiles: &[Tile]) -> bool {
    let mut summary = RunSummary::default();
    for &t in tiles {
        summary.add(t);
    }
    summary.is_line()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_of_the_deck_round_trips() {
        for tile in deck() {
            assert_eq!(Tile::parse(&tile.to_string()), Ok(tile));
            assert_eq!(Tile::from_code(tile.code()), Some(tile));
        }
        assert!(Tile::parse("*X").is_err());
        assert!(Tile::parse("K*").is_err());
        assert_eq!(Tile::parse("r!"), Tile::parse("RX"));
    }

    /// Every summary a run can have (up to 11 tiles: two sides of 5 and a crossing tile, and
    /// past that) against every tile of the deck: the fitting codes are exactly the tiles that
    /// leave a line, as [`RunSummary::is_line`] judges it.
    #[test]
    fn fitting_codes_are_the_tiles_that_leave_a_line() {
        let tiles: Vec<Tile> = (0..Tile::CODES as u8).filter_map(Tile::from_code).collect();
        let mut lines = 0;
        for len in 0..=11u32 {
            for colours_counted in 0..=len {
                for shapes_counted in 0..=len {
                    for colour_set in 0..32u16 {
                        for shape_set in 0..32u16 {
                            let run = RunSummary {
                                counts: len | colours_counted << 8 | shapes_counted << 16,
                                sets: colour_set | shape_set << 8,
                            };
                            let fitting = run.fitting_codes();
                            for &tile in &tiles {
                                let line = run.with(tile).is_line();
                                lines += usize::from(line);
                                assert_eq!(
                                    fitting >> tile.code() & 1 == 1,
                                    line,
                                    "{tile} added to {run:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(lines > 100_000, "only {lines} lines");
    }
}
