//! Q!nto's quick answer to "can the player to move win this turn?" against trying every move
//! (and every move of each extra turn a Q!nto earns).

use tabuleiro_core::{Engine, Game, Player, Setup, TurnWin, rng_from_seed};
use tabuleiro_games::qinto::Qinto;

/// Whether the player to move wins before the turn passes, by trying every move.
fn wins_this_turn(state: &Qinto) -> bool {
    let Some(me) = state.to_move() else {
        return false;
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.into_iter().any(|mv| {
        let mut next = state.clone();
        next.play_unchecked(mv);
        match next.outcome() {
            Some(outcome) => outcome.winner() == Some(me),
            None => next.to_move() == Some(me) && wins_this_turn(&next),
        }
    })
}

#[test]
fn the_quick_answer_agrees_with_trying_every_move_once_the_pile_is_empty() {
    let (mut compared, mut wins) = (0, 0);
    for players in 2..=4 {
        for seed in 0..40u64 {
            let mut state = Qinto::new(&Setup {
                players,
                seed: 900 + seed,
                ..Setup::default_for(Qinto::INFO)
            })
            .expect("a Q!nto setup");
            let mut rng = rng_from_seed(seed);
            while let Some(me) = state.to_move() {
                if state.pile(me).is_empty() {
                    let expected = wins_this_turn(&state);
                    assert_eq!(
                        state.win_this_turn() == TurnWin::Yes,
                        expected,
                        "{players} players, seed {seed}, turn {}:\n{}",
                        state.turn(),
                        state.render(tabuleiro_core::Perspective::Everyone)
                    );
                    compared += 1;
                    wins += usize::from(expected);
                }
                let Some(mv) = state.playout_move(&mut rng) else {
                    break;
                };
                state.play(mv).expect("a policy move is legal");
            }
        }
    }
    assert!(
        compared >= 250 && wins >= 30 && compared - wins >= 30,
        "{compared} positions, {wins} wins"
    );
    eprintln!("{compared} positions with an empty pile, {wins} of them won this turn");
}

#[test]
fn a_chain_of_qintos_can_lay_the_whole_hand() {
    // Row 0 holds four reds of different shapes. RC KS KS cannot form one run (colours R K
    // K), but RC on 4,0 completes a Q!nto, and the extra turn lays KS KS on 0,1 and 1,1.
    let state = Qinto::arranged(
        2,
        Player(0),
        "RS@0,0 RX@1,0 RD@2,0 RH@3,0",
        &["RC KS KS", "YS"],
        &["", "YX"],
    )
    .expect("a position");
    assert!(wins_this_turn(&state));
    assert_eq!(state.win_this_turn(), TurnWin::Yes);
    // With a tile left in the pile there is no win this turn to look for.
    let pile_left = Qinto::arranged(
        2,
        Player(0),
        "RS@0,0 RX@1,0 RD@2,0 RH@3,0",
        &["RC KS KS", "YS"],
        &["KD", "YX"],
    )
    .expect("a position");
    assert_eq!(pile_left.win_this_turn(), TurnWin::No);
    // A hand that cannot be laid in one turn.
    // No run holds all three (colours R R G), and no Q!nto is in reach.
    let stuck = Qinto::arranged(2, Player(0), "KC@0,0", &["RD RX GD", "YS"], &["", "YX"])
        .expect("a position");
    assert!(!wins_this_turn(&stuck));
    assert_eq!(stuck.win_this_turn(), TurnWin::No);
}
