//! A puzzle played on the page's board over HTTP (`POST /api/puzzles/{id}/play`): the shipped
//! puzzles' solutions are judged right turn by turn with the defender's answers played, every
//! other legal first move is judged wrong and taken back, a Nudge turn is judged once whole
//! (in either order of its two moves), the solution is played out on request, and bad moves
//! are refused in words.

use serde_json::{Value, json};
use tabuleiro_ai::puzzles::{PuzzleEntry, shipped};
use tabuleiro_core::{Engine, Game};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::quantik::Quantik;

use crate::util::{Browser, Server};

async fn play(browser: &mut Browser, id: &str, body: Value) -> (u16, Value) {
    let (answer, told) = browser
        .send("POST", &format!("/api/puzzles/{id}/play"), Some(body))
        .await;
    (answer.status, told)
}

fn states(told: &Value) -> &Vec<Value> {
    told["states"]
        .as_array()
        .unwrap_or_else(|| panic!("states in {told}"))
}

/// The legal first moves of `entry`'s position other than its solution's first, in notation.
fn wrong_moves<G: Engine>(entry: &PuzzleEntry) -> Vec<String> {
    let loaded = entry.load::<G>().expect("a shipped puzzle loads");
    let mut moves = Vec::new();
    loaded.state.legal_moves(&mut moves);
    let right = loaded.solution[0][0];
    moves
        .into_iter()
        .filter(|&mv| mv != right)
        .map(|mv| loaded.state.format_move(mv))
        .collect()
}

#[tokio::test]
async fn a_quantik_puzzle_is_solved_turn_by_turn_and_every_other_move_is_wrong() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    let puzzles = shipped::<Quantik>().expect("Quantik's puzzles");
    // A win in 2 or more: the defender answers between the player's turns.
    let entry = puzzles
        .iter()
        .find(|p| p.solution.len() >= 3)
        .expect("a puzzle of several turns");

    let (status, start) = play(&mut browser, &entry.id, json!({ "moves": [] })).await;
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["verdict"], "start");
    assert_eq!(start["welcome"]["type"], "welcome");
    assert_eq!(start["welcome"]["mode"], "puzzle");
    let seat = start["seat"].as_u64().expect("a seat");
    assert_eq!(start["welcome"]["you"], json!([seat]));
    let first = &states(&start)[0];
    assert_eq!(first["type"], "state");
    assert_eq!(first["to_move"], seat);
    assert_eq!(
        first["moves"].as_array().expect("moves").len(),
        entry.position.moves.len(),
        "the game so far is shown"
    );

    // Every legal first move but the solution's is wrong: shown, then taken back.
    let wrong = wrong_moves::<Quantik>(entry);
    assert!(!wrong.is_empty());
    for mv in &wrong {
        let (status, told) = play(&mut browser, &entry.id, json!({ "moves": [mv] })).await;
        assert_eq!(status, 200, "{told}");
        assert_eq!(told["verdict"], "wrong", "{mv}");
        let shown = states(&told);
        assert_eq!(
            shown.len(),
            2,
            "the wrong move, then the turn's start: {told}"
        );
        assert_eq!(shown[1]["picture"], first["picture"], "{mv} taken back");
    }

    // The solution, turn by turn: the defender's answer comes with each right turn.
    let mut mine: Vec<String> = Vec::new();
    for (t, turn) in entry.solution.iter().enumerate().step_by(2) {
        mine.extend(turn.iter().cloned());
        let (status, told) = play(&mut browser, &entry.id, json!({ "moves": mine })).await;
        assert_eq!(status, 200, "{told}");
        let answer = entry.solution.get(t + 1).cloned().unwrap_or_default();
        let last = t + 2 >= entry.solution.len();
        assert_eq!(
            told["verdict"],
            if last { "solved" } else { "best" },
            "{told}"
        );
        assert_eq!(told["answer"], json!(answer));
        let shown = states(&told);
        assert_eq!(shown.len(), 1 + usize::from(!answer.is_empty()), "{told}");
        let after = entry.position.moves.len() + t + 1 + answer.len();
        let end = shown.last().expect("a state");
        assert_eq!(end["moves"].as_array().expect("moves").len(), after);
        if last {
            assert!(end["ending"].is_object() || end["to_move"] != seat, "{end}");
        } else {
            assert_eq!(end["to_move"], seat, "the player's turn again");
        }
    }
    // Nothing more to play once solved.
    mine.push(wrong[0].clone());
    let (status, told) = play(&mut browser, &entry.id, json!({ "moves": mine })).await;
    assert_eq!(status, 400, "{told}");

    // The solution played out from the start: one state a move after the position.
    let (status, told) = play(&mut browser, &entry.id, json!({ "show": true })).await;
    assert_eq!(status, 200, "{told}");
    assert_eq!(told["verdict"], "shown");
    let count: usize = entry.solution.iter().map(Vec::len).sum();
    assert_eq!(states(&told).len(), 1 + count, "{told}");

    // An earlier position of the game, drawn as the page asks to look back.
    let (status, told) = play(&mut browser, &entry.id, json!({ "moves": [], "look": 0 })).await;
    assert_eq!(status, 200, "{told}");
    assert_eq!(told["type"], "look");
    assert_eq!(told["picture"]["pieces"], json!([]), "the empty board");
}

#[tokio::test]
async fn a_nudge_turn_is_judged_once_whole_in_either_order() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    let puzzles = shipped::<Nudge>().expect("Nudge's puzzles");
    // A turn of two moves that may be played in either order.
    let (entry, swapped) = puzzles
        .iter()
        .find_map(|p| {
            let loaded = p.load::<Nudge>().ok()?;
            let turn = &loaded.solution[0];
            let [a, b] = turn[..] else { return None };
            let mut other = loaded.state.clone();
            other.play(b).ok()?;
            other.play(a).ok()?;
            let mut right = loaded.state.clone();
            right.play(a).ok()?;
            right.play(b).ok()?;
            (other.position_key() == right.position_key() && a != b).then(|| {
                let first = loaded.state.format_move(b);
                let mut after = loaded.state.clone();
                after.play_unchecked(b);
                (p, vec![first, after.format_move(a)])
            })
        })
        .expect("a Nudge puzzle whose turn has two moves in either order");

    let (status, told) = play(
        &mut browser,
        &entry.id,
        json!({ "moves": [entry.solution[0][0]] }),
    )
    .await;
    assert_eq!(status, 200, "{told}");
    assert_eq!(told["verdict"], "unfinished");
    assert_eq!(states(&told).len(), 1);
    let seat = told["seat"].clone();
    assert_eq!(states(&told)[0]["to_move"], seat, "the turn's second move");
    assert_eq!(states(&told)[0]["move_in_turn"], json!([2, 2]));

    for turn in [entry.solution[0].clone(), swapped] {
        let (status, told) = play(&mut browser, &entry.id, json!({ "moves": turn })).await;
        assert_eq!(status, 200, "{told}");
        let solved = entry.solution.len() <= 2;
        assert_eq!(
            told["verdict"],
            if solved { "solved" } else { "best" },
            "{turn:?}: {told}"
        );
    }
}

#[tokio::test]
async fn bad_moves_on_a_puzzle_are_refused_in_words() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    let entry = &shipped::<Quantik>().expect("Quantik's puzzles")[0];
    for (body, says) in [
        (json!({ "moves": ["Zz9"] }), "Zz9"),
        (json!({ "moves": [7] }), "string"),
        (json!({ "moves": [], "look": 999 }), "no position 999"),
        (json!({ "moves": [], "peek": true }), "peek"),
    ] {
        let (status, told) = play(&mut browser, &entry.id, body.clone()).await;
        assert_eq!(status, 400, "{body}: {told}");
        let text = told.to_string();
        assert!(text.contains(says), "{body}: {text}");
    }
    let (status, told) = play(&mut browser, "quantik-nope", json!({ "moves": [] })).await;
    assert_eq!(status, 404, "{told}");
    // Two wrong turns in a row: the first should have been taken back.
    let wrong = wrong_moves::<Quantik>(entry);
    let (status, told) = play(
        &mut browser,
        &entry.id,
        json!({ "moves": [wrong[0], wrong[0]] }),
    )
    .await;
    assert_eq!(status, 400, "{told}");
}
