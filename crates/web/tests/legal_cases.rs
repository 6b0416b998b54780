//! The page widens the lean legal moves of a state (`protocol::legal_wire`) with its own reader
//! (`assets/js/legal.js`). This test writes positions of random games of every game, each as
//! its lean form and the full moves the Rust reader gives, to `e2e/legal-cases.jsonl`;
//! `e2e/legal.test.mjs` (run by `scripts/test`) checks that the page's reader gives the same
//! moves in the same order, so the two cannot drift apart.
//!
//! After a change to the lean form, write the file anew with
//! `TABULEIRO_WRITE_LEGAL_CASES=1 cargo test -p tabuleiro-web --test tests legal_cases`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabuleiro_ai::Seat;
use tabuleiro_core::{Cell, Gesture, Options, Piece, Placed, Registry, Setup};
use tabuleiro_games::REGISTRY;
use tabuleiro_web::dyngame::build;
use tabuleiro_web::protocol::{Legal, compact_previews};

/// Most moves of a position kept as a case (the file stays small).
const MOST_MOVES: usize = 200;

#[derive(Serialize, Deserialize)]
struct Lean {
    #[serde(with = "tabuleiro_web::protocol::legal_wire")]
    legal: Vec<Legal>,
}

/// A game, its number of players and its options.
type Setting = (&'static str, usize, Vec<(&'static str, &'static str)>);

/// Every game with its fewest and most players, and the largest boards.
fn settings() -> Vec<Setting> {
    let mut all: Vec<_> = REGISTRY
        .games()
        .iter()
        .flat_map(|info| {
            [info.min_players, info.max_players]
                .into_iter()
                .map(|players| (info.id, players, Vec::new()))
        })
        .collect();
    all.push(("taiji", 2, vec![("size", "11")]));
    all.push(("pushee", 2, vec![("size", "12x12")]));
    all
}

/// A case: `legal` as it travels, and as the Rust reader reads it back.
fn case(legal: Vec<Legal>) -> Value {
    let text = serde_json::to_string(&Lean { legal }).expect("json");
    let back: Lean = serde_json::from_str(&text).expect("read back");
    let lean: Value = serde_json::from_str(&text).expect("json");
    json!({ "lean": lean["legal"], "full": back.legal })
}

/// Moves the graph cannot hold: one with a preview of its own, the same move twice.
fn handmade() -> Vec<Legal> {
    let piece: Piece =
        serde_json::from_value(json!({ "shape": "half", "ink": "light", "label": "O" }))
            .expect("a piece");
    let step = Legal {
        notation: "a1-b1".to_owned(),
        gesture: Gesture::cells(vec![Cell::new(0, 0), Cell::new(1, 0)]),
        preview: vec![Placed {
            cell: Cell::new(0, 0),
            piece,
        }],
    };
    let plain = Legal {
        notation: "b2u".to_owned(),
        gesture: Gesture::cells(vec![Cell::new(1, 1), Cell::new(1, 0)]),
        preview: Vec::new(),
    };
    vec![step, plain.clone(), plain]
}

fn cases() -> Vec<Value> {
    let mut cases = vec![case(handmade())];
    for (id, players, options) in settings() {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == id)
            .expect("a game");
        for seed in 0..3_u64 {
            let setup = Setup {
                players,
                options: Options::new(info, options.iter().copied()).expect("options"),
                seed,
            };
            let mut game = build(id, setup, &vec![Seat::Human; players], &[]).expect("a game");
            for ply in 0..9_u64 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if ply % 4 == seed % 4 && legal.len() <= MOST_MOVES {
                    let mut lean = legal.clone();
                    compact_previews(&mut lean);
                    cases.push(case(lean));
                }
                let pick = usize::try_from(ply * 11 + seed * 5).unwrap_or(0) % legal.len();
                game.play(&legal[pick].notation).expect("a legal move");
            }
        }
    }
    cases
}

#[test]
fn the_pages_legal_cases_are_those_of_the_rust_reader() {
    let cases = cases();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let text = cases
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("e2e/legal-cases.jsonl");
    if std::env::var_os("TABULEIRO_WRITE_LEGAL_CASES").is_some() {
        std::fs::write(&path, &text).expect("write the cases");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == text,
        "{} is not what the Rust reader gives ({} cases here); write it anew with \
         TABULEIRO_WRITE_LEGAL_CASES=1 cargo test -p tabuleiro-web --test tests legal_cases",
        path.display(),
        cases.len()
    );
}
