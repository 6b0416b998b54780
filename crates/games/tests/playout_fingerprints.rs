//! Regression fingerprints of seeded random games of Quantik and Q!nto: every move drawn by
//! `random_move` (and, for Q!nto, `playout_move` and `planning_move`), every position key, the
//! legal move lists (in order), the evaluations, the outcomes and the state of the generator
//! afterwards are hashed into one number per game and kind of playout.
//!
//! The values were recorded from commit aa9540d, before the speed work on these games' random
//! playouts: any change to what those functions return, or to how they consume the generator,
//! changes a fingerprint. Seeded games, records, replays and the computer players rely on it.

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Engine, Game, GameRng, Player, Setup, random_playout, rng_from_seed};
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;

/// FNV-1a over everything fed to it: a hash whose value is fixed by its definition.
struct Fingerprint(u64);

impl Fingerprint {
    fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn text(&mut self, text: &str) {
        self.bytes(text.as_bytes());
        self.bytes(&[0xFF]);
    }

    fn number(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    fn signed(&mut self, n: i32) {
        self.bytes(&n.to_le_bytes());
    }
}

/// Hashes what a position offers: its key, its outcome and, when `list` is set, its legal moves
/// in order and every seat's evaluation.
fn position<G: Engine>(fp: &mut Fingerprint, state: &G, list: bool, moves: &mut Vec<G::Move>) {
    fp.number(state.position_key());
    fp.text(&format!("{:?}", state.outcome()));
    fp.text(&format!("{:?}", state.to_move()));
    if list {
        state.legal_moves(moves);
        fp.number(moves.len() as u64);
        for &mv in moves.iter() {
            fp.text(&state.format_move(mv));
        }
        for p in 0..state.players() {
            fp.signed(state.evaluate(Player(p as u8)));
        }
    }
}

/// Plays one game from `start` with `pick` choosing each move until it returns `None` (or
/// `limit` moves), hashing each move and position; `list` decides whether legal moves and
/// evaluations are hashed too. Ends with the generator's next output.
fn game<G: Engine>(
    fp: &mut Fingerprint,
    start: G,
    rng: &mut GameRng,
    limit: usize,
    list: bool,
    pick: impl Fn(&G, &mut GameRng) -> Option<G::Move>,
) -> (G, usize) {
    let mut state = start;
    let mut moves = Vec::new();
    let mut played = 0;
    position(fp, &state, list, &mut moves);
    while played < limit {
        let Some(mv) = pick(&state, rng) else {
            break;
        };
        fp.text(&state.format_move(mv));
        state.play_unchecked(mv);
        played += 1;
        position(fp, &state, list, &mut moves);
    }
    fp.number(played as u64);
    (state, played)
}

/// Checks that [`random_playout`] plays the very game `random_move` and `play_unchecked` play
/// one at a time, leaving the generator in the same state.
fn same_as_random_playout<G: Engine>(start: &G, seed: u64, limit: usize) -> u64 {
    let mut fp = Fingerprint::new();
    let mut rng = rng_from_seed(seed);
    let (by_hand, played) = game(
        &mut fp,
        start.clone(),
        &mut rng,
        limit,
        false,
        G::random_move,
    );
    let mut other = rng_from_seed(seed);
    let (fast, fast_played) = random_playout(start.clone(), &mut other, limit);
    assert_eq!(fast, by_hand, "random_playout, seed {seed}");
    assert_eq!(fast_played, played, "random_playout, seed {seed}");
    assert_eq!(other.next_u64(), rng.next_u64(), "generator, seed {seed}");
    fp.0
}

fn check(name: &str, actual: u64, expected: u64) {
    assert_eq!(
        actual, expected,
        "{name}: fingerprint {actual:#018x}, recorded {expected:#018x}"
    );
}

fn quantik(seed: u64) -> Quantik {
    let first = ["first=1", "first=2", "first=random"][(seed % 3) as usize];
    let settings = vec![first.to_owned()];
    let options = tabuleiro_core::Options::parse(Quantik::INFO, &settings).expect("options");
    Quantik::new(&Setup {
        players: 2,
        options,
        seed,
    })
    .expect("a Quantik setup")
}

fn qinto(players: usize, seed: u64) -> Qinto {
    let settings = vec!["first=random".to_owned()];
    let options = tabuleiro_core::Options::parse(Qinto::INFO, &settings).expect("options");
    Qinto::new(&Setup {
        players,
        options,
        seed,
    })
    .expect("a Q!nto setup")
}

#[test]
fn quantik_random_playouts() {
    let mut all = Fingerprint::new();
    let mut rng = rng_from_seed(2024);
    for seed in 0..2000 {
        let list = seed % 4 == 0;
        game(
            &mut all,
            quantik(seed),
            &mut rng,
            16,
            list,
            Quantik::random_move,
        );
        all.number(rng.next_u64());
        all.number(same_as_random_playout(&quantik(seed), seed, 16));
        // Cut short: `random_playout` stops at its limit.
        all.number(same_as_random_playout(
            &quantik(seed),
            seed,
            (seed % 9) as usize,
        ));
    }
    check("quantik random playouts", all.0, 0x3511_5c3d_cebd_7630);
}

#[test]
fn quantik_playout_and_planning_moves() {
    let mut all = Fingerprint::new();
    let mut rng = rng_from_seed(77);
    for seed in 0..300 {
        game(
            &mut all,
            quantik(seed),
            &mut rng,
            16,
            true,
            Quantik::playout_move,
        );
        game(
            &mut all,
            quantik(seed),
            &mut rng,
            16,
            true,
            Quantik::planning_move,
        );
        all.number(rng.next_u64());
    }
    check(
        "quantik playout and planning moves",
        all.0,
        0x0e3f_1c28_44c7_271b,
    );
}

#[test]
fn qinto_random_playouts() {
    let mut all = Fingerprint::new();
    let mut rng = rng_from_seed(2025);
    for seed in 0..2000 {
        let players = [2, 2, 3, 4][(seed % 4) as usize];
        // Listing every move of every position is slow: one game in 50.
        let list = seed % 50 == 0;
        game(
            &mut all,
            qinto(players, seed),
            &mut rng,
            5000,
            list,
            Qinto::random_move,
        );
        all.number(rng.next_u64());
        if seed % 10 == 0 {
            all.number(same_as_random_playout(&qinto(players, seed), seed, 5000));
            all.number(same_as_random_playout(&qinto(players, seed), seed, 40));
        }
    }
    check("q!nto random playouts", all.0, 0x8bed_d284_f00c_51bf);
}

#[test]
fn qinto_playout_and_planning_moves() {
    let mut all = Fingerprint::new();
    let mut rng = rng_from_seed(78);
    for seed in 0..300 {
        let players = [2, 2, 3, 4][(seed % 4) as usize];
        let list = seed % 30 == 0;
        game(
            &mut all,
            qinto(players, seed),
            &mut rng,
            5000,
            list,
            Qinto::playout_move,
        );
        all.number(rng.next_u64());
        game(
            &mut all,
            qinto(players, seed),
            &mut rng,
            5000,
            list,
            Qinto::planning_move,
        );
        all.number(rng.next_u64());
    }
    check(
        "q!nto playout and planning moves",
        all.0,
        0x90ac_9c27_f8d0_aa55,
    );
}
