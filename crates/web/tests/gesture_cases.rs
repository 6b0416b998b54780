//! The page matches what a player points at against legal moves with its own copy of
//! `Gesture::fits` and `Gesture::same` (`assets/js/gestures.js`). This test generates cases from
//! the Rust functions over positions of random games of every game and keeps them in
//! `e2e/gesture-cases.jsonl`; `e2e/gestures.test.mjs` (run by `scripts/test`) checks that the
//! JavaScript gives the same answers, so the two cannot drift apart.
//!
//! After a change to gestures, write the file anew with
//! `TABULEIRO_WRITE_GESTURE_CASES=1 cargo test -p tabuleiro-web --test tests gesture_cases`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::{Value, json};
use tabuleiro_ai::Seat;
use tabuleiro_core::{Cell, Choice, Gesture, Options, Placement, Registry, Setup};
use tabuleiro_games::REGISTRY;
use tabuleiro_web::dyngame::build;

/// A small deterministic generator (the cases must be the same on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// Gestures a player may have made on the way to (or beside) `source`.
fn partial_gestures(source: &Gesture, others: &[Gesture], rng: &mut Lcg) -> Vec<Gesture> {
    let mut out = vec![Gesture::cells(Vec::new()), source.clone()];
    for k in 1..=source.cells.len() {
        out.push(Gesture::cells(source.cells[..k].to_vec()));
    }
    if let Some(first) = source.cells.first() {
        // A cell beside the right one.
        out.push(Gesture::cells(vec![Cell::new(first.x + 1, first.y)]));
    }
    for (i, piece) in source.pieces.iter().enumerate() {
        let held = Placement {
            token: piece.token.clone(),
            cell: None,
        };
        out.push(Gesture {
            pieces: vec![held.clone()],
            ..Gesture::cells(source.cells.clone())
        });
        out.push(Gesture {
            pieces: source.pieces[..i]
                .iter()
                .cloned()
                .chain([held.clone()])
                .collect(),
            ..Gesture::cells(source.cells.clone())
        });
        // The same piece twice, and the piece on a neighbouring cell.
        out.push(Gesture {
            pieces: vec![held.clone(), held],
            ..Gesture::cells(Vec::new())
        });
        if let Some(cell) = piece.cell {
            out.push(Gesture {
                pieces: vec![Placement {
                    token: piece.token.clone(),
                    cell: Some(Cell::new(cell.x, cell.y + 1)),
                }],
                ..Gesture::cells(Vec::new())
            });
        }
    }
    if source.choice.is_some() {
        let mut without = source.clone();
        without.choice = None;
        out.push(without);
    }
    // Another move's choice, or pieces, on this move's cells.
    if !others.is_empty() {
        let other = &others[rng.below(others.len())];
        if let Some(choice) = &other.choice {
            out.push(Gesture::cells(source.cells.clone()).with_choice(choice.clone()));
        }
        out.push(Gesture {
            pieces: other.pieces.clone(),
            ..source.clone()
        });
    }
    out
}

/// A gesture being made, as the page holds it: its choice is only a token.
fn as_selection(g: &Gesture) -> Value {
    json!({
        "cells": g.cells,
        "pieces": g.pieces,
        "choice": g.choice.as_ref().map(|c| c.token.clone()),
    })
}

fn strip_choice(g: &Gesture) -> Gesture {
    let mut g = g.clone();
    g.choice = g.choice.map(|c| Choice {
        token: c.token,
        label: String::new(),
        piece: None,
    });
    g
}

/// Gestures made by hand for what random games seldom show: two pieces of one kind, one
/// held and one put down (the put-down one must keep its cell).
fn handmade() -> Vec<(Gesture, Gesture)> {
    let piece = |token: &str, cell: Option<(i32, i32)>| Placement {
        token: token.to_owned(),
        cell: cell.map(|(x, y)| Cell::new(x, y)),
    };
    let gesture = |pieces: Vec<Placement>| Gesture {
        pieces,
        ..Gesture::cells(Vec::new())
    };
    let full = gesture(vec![piece("**", Some((0, 0))), piece("**", Some((1, 0)))]);
    vec![
        (
            gesture(vec![piece("**", None), piece("**", Some((0, 0)))]),
            full.clone(),
        ),
        (
            gesture(vec![piece("**", None), piece("**", Some((1, 0)))]),
            full.clone(),
        ),
        (
            gesture(vec![piece("**", Some((1, 0))), piece("**", Some((0, 0)))]),
            full.clone(),
        ),
        (
            gesture(vec![
                piece("**", None),
                piece("**", None),
                piece("**", None),
            ]),
            full,
        ),
    ]
}

fn cases() -> Vec<Value> {
    let mut rng = Lcg(2026);
    let mut seen = BTreeSet::new();
    let mut cases: Vec<Value> = handmade()
        .into_iter()
        .map(|(sel, full)| {
            json!({
                "sel": as_selection(&sel),
                "full": full,
                "fits": sel.fits(&full),
                "same": sel.same(&full),
            })
        })
        .collect();
    for info in REGISTRY.games() {
        for players in [info.min_players, info.max_players] {
            let setup = Setup {
                players,
                options: Options::defaults(info),
                seed: 7,
            };
            let seats = vec![Seat::Human; players];
            let mut game = build(info.id, setup, &seats, &[]).expect("a game");
            for ply in 0..30 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if ply % 3 == 1 {
                    let gestures: Vec<Gesture> = legal.iter().map(|l| l.gesture.clone()).collect();
                    {
                        let source = &gestures[rng.below(gestures.len())];
                        for sel in partial_gestures(source, &gestures, &mut rng) {
                            let mut fulls = vec![source.clone()];
                            for _ in 0..2 {
                                fulls.push(gestures[rng.below(gestures.len())].clone());
                            }
                            for full in fulls {
                                // Only a choice's token matters to matching.
                                let (sel, full) = (strip_choice(&sel), strip_choice(&full));
                                let case = json!({
                                    "sel": as_selection(&sel),
                                    "full": full,
                                    "fits": sel.fits(&full),
                                    "same": sel.same(&full),
                                });
                                if seen.insert(case.to_string()) {
                                    cases.push(case);
                                }
                            }
                        }
                    }
                }
                let pick = &legal[rng.below(legal.len())].notation;
                game.play(pick).expect("a legal move plays");
            }
        }
    }
    cases
}

#[test]
fn the_pages_gesture_cases_are_those_of_the_rust_core() {
    let cases = cases();
    let count = |key: &str, value: bool| cases.iter().filter(|c| c[key] == value).count();
    // Cases of every kind, so that a page answering always yes or always no fails.
    for (key, value) in [
        ("fits", true),
        ("fits", false),
        ("same", true),
        ("same", false),
    ] {
        assert!(
            count(key, value) >= 50,
            "{key} = {value}: {}",
            count(key, value)
        );
    }
    let text = cases
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("e2e/gesture-cases.jsonl");
    if std::env::var_os("TABULEIRO_WRITE_GESTURE_CASES").is_some() {
        std::fs::write(&path, &text).expect("write the cases");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == text,
        "{} is not what the Rust gestures give ({} cases here); write it anew with \
         TABULEIRO_WRITE_GESTURE_CASES=1 cargo test -p tabuleiro-web --test tests gesture_cases, \
         then run node crates/web/e2e/gestures.test.mjs",
        path.display(),
        cases.len()
    );
}
