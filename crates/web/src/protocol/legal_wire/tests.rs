//! The lean form read back, written small, and refused when it is not the lean form.

use tabuleiro_ai::Seat;
use tabuleiro_core::{Options, Registry, Setup};
use tabuleiro_games::REGISTRY;

use super::*;
use crate::dyngame::build;

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Wrapped {
    #[serde(with = "super")]
    legal: Vec<Legal>,
}

/// A game, its number of players and its options.
type Setting = (&'static str, usize, Vec<(&'static str, &'static str)>);

/// The settings played: every game's defaults with its fewest and most players, and the
/// largest boards.
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

/// Every setting's legal moves from its start and a few random moves in.
fn positions() -> Vec<(&'static str, Vec<Legal>)> {
    let mut all = Vec::new();
    for (id, players, options) in settings() {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == id)
            .expect("a game");
        for seed in 0..6_u64 {
            let setup = Setup {
                players,
                options: Options::new(info, options.iter().copied()).expect("options"),
                seed,
            };
            let mut game = build(id, setup, &vec![Seat::Human; players], &[]).expect("a game");
            for k in 0..seed * 2 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = usize::try_from(k * 7 + seed).unwrap_or(0) % legal.len();
                game.play(&legal[pick].notation).expect("a legal move");
            }
            all.push((id, game.legal_moves()));
        }
    }
    all
}

/// `legal` in one order whatever its own (the lean form sends moves form by form).
fn sorted(mut legal: Vec<Legal>) -> Vec<Legal> {
    legal.sort_by_cached_key(|l| format!("{l:?}"));
    legal
}

#[test]
fn the_lean_form_reads_back_to_the_very_same_moves() {
    for (game, legal) in positions() {
        let text = serde_json::to_string(&Wrapped {
            legal: legal.clone(),
        })
        .expect("json");
        let back: Wrapped = serde_json::from_str(&text).expect("read back");
        assert_eq!(back.legal.len(), legal.len(), "{game}: {text}");
        assert_eq!(sorted(back.legal), sorted(legal), "{game}: {text}");
    }
}

#[test]
fn the_notations_alone_are_those_of_the_moves_read_back_in_the_same_order() {
    for (game, legal) in positions() {
        let lean = serde_json::to_value(Wrapped {
            legal: legal.clone(),
        })
        .expect("json")["legal"]
            .to_string();
        let full =
            super::deserialize(&mut serde_json::Deserializer::from_str(&lean)).expect("read back");
        let names =
            super::notations(&mut serde_json::Deserializer::from_str(&lean)).expect("notations");
        let expected: Vec<String> = full.into_iter().map(|l| l.notation).collect();
        assert_eq!(names, expected, "{game}: {lean}");
        let mut mine: Vec<String> = legal.into_iter().map(|l| l.notation).collect();
        let mut theirs = names;
        mine.sort();
        theirs.sort();
        assert_eq!(theirs, mine, "{game}");
    }
}

#[test]
fn the_lean_form_is_a_small_fraction_of_the_full_one() {
    for (game, legal) in positions() {
        if legal.len() < 10 {
            continue;
        }
        let full = serde_json::to_string(&legal).expect("json").len();
        let lean = serde_json::to_string(&Wrapped { legal })
            .expect("json")
            .len();
        assert!(lean * 5 < full, "{game}: {lean} bytes against {full}");
    }
}

#[test]
fn moves_are_written_by_form_and_the_rest_in_full() {
    let step = |notation: &str, cells: Vec<Cell>| Legal {
        notation: notation.to_owned(),
        gesture: Gesture::cells(cells),
        preview: Vec::new(),
    };
    let legal = vec![
        step("b2u", vec![Cell::new(1, 1), Cell::new(1, 0)]),
        step("c2u", vec![Cell::new(2, 1), Cell::new(2, 0)]),
        step("b2r", vec![Cell::new(1, 1), Cell::new(2, 1)]),
        Legal {
            notation: "pass RH".to_owned(),
            gesture: Gesture {
                cells: Vec::new(),
                pieces: vec![Placement {
                    token: "RH".to_owned(),
                    cell: None,
                }],
                choice: None,
            },
            preview: Vec::new(),
        },
        // The same move again, in full.
        step("b2r", vec![Cell::new(1, 1), Cell::new(2, 1)]),
    ];
    let text = serde_json::to_string(&Wrapped {
        legal: legal.clone(),
    })
    .expect("json");
    // Node 0, after b2: two edges (4), a cell (0) 0,-1 from the one before (folded 0
    // and 1, paired: 2) to a bare end (0) of form 0 (b2u), a cell 1,0 (3) to a bare end
    // of form 1 (b2r). Node 1, after c2: one edge (2), 0,-1 to a bare end of form 0.
    // The root: three edges (6), the cells 1,1 (c) and 2,1 (n) from 0,0 to the nodes 2
    // and 1 back, a hand piece going on no cell (2, token 0) to a bare end of form 2.
    assert_eq!(
        text,
        r#"{"legal":{"tokens":["RH"],"forms":[[0,"u"],[0,"r"],["pass ",0]],"graph":"4020003012020060c20n1202","moves":[["b2r",[1,1,2,1]]]}}"#
    );
    let back: Wrapped = serde_json::from_str(&text).expect("read back");
    assert_eq!(sorted(back.legal), sorted(legal));
}

#[test]
fn templates_take_the_longest_part_and_leave_the_rest_as_text() {
    let parts = |cells: &[(i32, i32)]| {
        graph::parts(&Gesture::cells(
            cells.iter().map(|&(x, y)| Cell::new(x, y)).collect(),
        ))
    };
    // a11-a1: the first cell is a11, not a1 followed by "1-".
    let two = parts(&[(0, 10), (0, 0)]);
    let template = graph::template("a11-a1", &two);
    assert_eq!(
        template,
        vec![Bit::Part(0), Bit::Text("-".to_owned()), Bit::Part(2)]
    );
    assert_eq!(graph::render(&template, &two).as_deref(), Ok("a11-a1"));
    // Off the lettered boards a cell is only x,y.
    let open = parts(&[(-3, 4)]);
    assert_eq!(open, vec![String::new(), "-3,4".to_owned()]);
    assert_eq!(
        graph::template("swap -3,4!", &open),
        vec![
            Bit::Text("swap ".to_owned()),
            Bit::Part(1),
            Bit::Text("!".to_owned())
        ]
    );
    assert!(graph::render(&[Bit::Part(5)], &open).is_err());
}

#[test]
fn equal_continuations_are_written_once() {
    // Taiji's opening: every first half has the same few second halves, one cell away.
    let (_, mut legal) = positions()
        .into_iter()
        .find(|(game, _)| *game == "taiji")
        .expect("taiji");
    assert_eq!(crate::protocol::compact_previews(&mut legal).len(), 2);
    let text = serde_json::to_string(&Wrapped {
        legal: legal.clone(),
    })
    .expect("json");
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let graph = value["legal"]["graph"].as_str().expect("a graph");
    let nodes = graph::read(graph).expect("read");
    let cells = legal
        .iter()
        .map(|l| l.gesture.cells[0])
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert!(
        nodes.len() < cells + 20,
        "{} nodes for {cells} first cells",
        nodes.len()
    );
}

#[test]
fn a_bad_index_a_bad_graph_or_an_odd_list_of_numbers_is_refused_in_words() {
    for bad in [
        r#"{"legal":{"moves":[["Ca1",[0,0],3]]}}"#,
        r#"{"legal":{"moves":[["Ca1",[0,0],"C"]]}}"#,
        r#"{"legal":{"moves":[["Ca1",[0]]]}}"#,
        r#"{"legal":{"moves":[["x",[],[["RH",1]]]]}}"#,
        r#"{"legal":{"moves":[[]]}}"#,
        // A graph cut short, an edge forward, a step with a token or a choice not listed,
        // a form not listed, a template part the move has not, a character no digit.
        r#"{"legal":{"forms":[[0]],"graph":"200"}}"#,
        r#"{"legal":{"forms":[[0]],"graph":"20021"}}"#,
        r#"{"legal":{"forms":[[0]],"graph":"21000"}}"#,
        r#"{"legal":{"forms":[[0]],"graph":"2300"}}"#,
        r#"{"legal":{"forms":[[0]],"graph":"20001"}}"#,
        r#"{"legal":{"forms":[[7]],"graph":"20000"}}"#,
        r#"{"legal":{"forms":[[0]],"graph":"2\"0"}}"#,
    ] {
        let read = serde_json::from_str::<Wrapped>(bad);
        assert!(read.is_err(), "{bad}: {read:?}");
    }
}

#[test]
fn a_graph_of_more_paths_than_moves_is_refused() {
    // 40 nodes, each with two edges to the one before: 2^40 paths.
    let mut graph = String::from("10");
    for _ in 0..40 {
        graph.push_str("4001001");
    }
    let text = format!(r#"{{"legal":{{"forms":[[0]],"graph":"{graph}"}}}}"#);
    let read = serde_json::from_str::<Wrapped>(&text);
    assert!(read.is_err());
}

#[test]
fn a_cells_names_are_its_letter_and_row_and_its_two_numbers() {
    for x in -30..30 {
        for y in [-1_000_000, -12, -1, 0, 1, 9, 10, 99, 123_456] {
            let names = graph::parts(&Gesture::cells(vec![Cell::new(x, y)]));
            let letter = if (0..26).contains(&x) && y >= 0 {
                format!("{}{}", char::from(b'a' + x as u8), y + 1)
            } else {
                String::new()
            };
            assert_eq!(names, vec![letter, format!("{x},{y}")], "{x},{y}");
        }
    }
}
