//! The game screen driven by keys, without a terminal, and drawn into a `TestBackend`.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use tabuleiro_ai::{Level, Seat};
use tabuleiro_core::picture::Shape;
use tabuleiro_core::{
    Axis, Board, Cell as PictureCell, Engine, EngineInfo, Game, GameInfo, GameRng, Gesture,
    IllegalMove, Ink, Options, Outcome, Perspective, Picture, Piece, Placed, Player, SearchKind,
    Setup, SetupError, SyntaxError,
};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::{Qinto, QintoMove};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

use super::*;
use crate::play::testing::Secretive;

fn config<G: Game>(seats: Vec<Seat>, options: &[(&str, &str)], seed: u64) -> GameConfig {
    GameConfig {
        setup: Setup {
            players: seats.len(),
            options: Options::new(G::INFO, options.iter().copied()).unwrap(),
            seed,
        },
        seats,
        save: None,
    }
}

fn press<G: Engine>(play: &mut GamePlay<G>, code: KeyCode) -> GameAction {
    play.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn typing<G: Engine>(play: &mut GamePlay<G>, text: &str) {
    for c in text.chars() {
        press(play, KeyCode::Char(c));
    }
}

/// Ticks until `done` holds (computer players think on other threads), at most 10 s.
fn tick_until<G: Engine>(play: &mut GamePlay<G>, done: impl Fn(&GamePlay<G>) -> bool) {
    let start = Instant::now();
    while !done(play) {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out");
        play.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The screen as text lines.
fn screen<G: Engine>(play: &mut GamePlay<G>, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| play.render(frame, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect()
}

fn human_vs_random() -> GamePlay<Quantik> {
    GamePlay::new(config::<Quantik>(
        vec![Seat::Human, Seat::Computer(Level::Random)],
        &[],
        7,
    ))
    .unwrap()
}

/// Moves the cursor to the cell named `name` with the arrow keys.
fn go_to<G: Engine>(play: &mut GamePlay<G>, name: &str) {
    let board = play.picture().board.clone();
    let target = board
        .cells()
        .find(|&c| play.cell_name(c) == name)
        .unwrap_or_else(|| panic!("no cell {name}"));
    let here = play.cursor().expect("a cursor");
    let (dx, dy) = (target.x - here.x, target.y - here.y);
    for _ in 0..dx.abs() {
        press(
            play,
            if dx > 0 {
                KeyCode::Right
            } else {
                KeyCode::Left
            },
        );
    }
    for _ in 0..dy.abs() {
        press(play, if dy > 0 { KeyCode::Down } else { KeyCode::Up });
    }
    assert_eq!(play.cursor(), Some(target));
}

#[test]
fn enter_puts_the_picked_shape_down_the_computer_answers_undo_and_redo() {
    let mut play = human_vs_random();
    assert_eq!(play.cursor(), Some(tabuleiro_core::Cell::new(0, 0)));
    assert_eq!(play.pick_label().as_deref(), Some("cube"));
    press(&mut play, KeyCode::Right);
    press(&mut play, KeyCode::Char('j'));
    press(&mut play, KeyCode::Tab);
    assert_eq!(play.pick_label().as_deref(), Some("cylinder"));
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["Yb2"]);
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    assert!(
        play.message().starts_with("Player 2 (random) played"),
        "{}",
        play.message()
    );

    press(&mut play, KeyCode::Char('u'));
    assert!(
        play.session().moves().is_empty(),
        "undo takes back the whole exchange"
    );
    press(&mut play, KeyCode::Char('r'));
    assert_eq!(play.session().moves().len(), 2);
    press(&mut play, KeyCode::Char('u'));
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(play.message(), "Nothing to undo.");
}

#[test]
fn moves_typed_in_notation_are_played_and_bad_ones_explained() {
    let mut play = human_vs_random();
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Zz9");
    press(&mut play, KeyCode::Enter);
    assert!(
        play.message().contains("cannot read `Zz9`"),
        "{}",
        play.message()
    );
    assert!(play.session().moves().is_empty());
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Sd4");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["Sd4"]);
    // Not the human's turn while the computer thinks or until it has played.
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Sd3");
    press(&mut play, KeyCode::Enter);
    if play.session().moves().len() == 2 {
        assert!(play.message().contains("illegal") || play.message().contains("occupied"));
    }
}

#[test]
fn quantik_marks_where_the_picked_shape_may_go() {
    // Player 2's cone at b4 forbids player 1's cones in row 4, column b and that region.
    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    play.play_typed("Ca1 Ob4");
    assert_eq!(play.session().moves().len(), 2);
    press(&mut play, KeyCode::Char('O'));
    assert_eq!(play.pick_label().as_deref(), Some("cone"));
    let lines = screen(&mut play, 80, 24);
    let board: Vec<String> = lines[1..8]
        .iter()
        .map(|l| l.chars().take(22).collect::<String>().trim_end().to_owned())
        .collect();
    assert_eq!(
        board,
        [
            "┌ Quantik ────────────",
            "│    a   b   c   d",
            "│1 [ ■ ] · │ +   +",
            "│2   +   · │ +   +",
            "│   ─── ─── ─── ───",
            "│3   ·   · │ +   +",
            "│4   ·   △ │ ·   ·",
        ]
    );
    // Where the cone may not go, Enter says so and nothing is played.
    go_to(&mut play, "b2");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().moves().len(), 2);
    assert!(
        play.message()
            .starts_with("No move of yours goes on at b2 with cone"),
        "{}",
        play.message()
    );
    let lines = screen(&mut play, 80, 24);
    assert!(
        lines[22].starts_with("cone (3/4) no move goes on at b2"),
        "{}",
        lines[22]
    );
    go_to(&mut play, "c2");
    press(&mut play, KeyCode::Enter);
    assert_eq!(
        play.session().record().moves.last().map(String::as_str),
        Some("Oc2")
    );
}

#[test]
fn every_game_board_fits_80_by_24_with_cursor_status_and_moves() {
    fn check<G: Engine>(options: &[(&str, &str)], expect: &[&str]) {
        let mut play =
            GamePlay::<G>::new(config::<G>(vec![Seat::Human, Seat::Human], options, 3)).unwrap();
        let lines = screen(&mut play, 80, 24);
        let text = lines.join("\n");
        for e in expect {
            assert!(text.contains(e), "missing {e:?} in\n{text}");
        }
        assert!(lines[1].contains(G::INFO.name), "{text}");
        assert!(lines[21].starts_with("Player 1 to move"), "{text}");
    }
    check::<Quantik>(
        &[],
        &["│1 [ + ] + │ +   +", "■ cube (C)", "P1: ■×2 ▮×2 ▲×2 ●×2"],
    );
    check::<Nudge>(
        &[],
        &[
            "│    a   b   c   d   e",
            "│2   · [ ◯ ] ◯   ◯   ·",
            "│4   ·   ●   ●   ●   ·",
            "Player 1 to move · move 1 of 2",
        ],
    );
    check::<Taiji>(
        &[("size", "7")],
        &[
            "│    a   b   c   d   e   f   g",
            "│7   +   +   +   +   +   +   +",
            "scores 0 : 0",
        ],
    );
    check::<Pushee>(
        &[("values", "1234/5678/9012/3456"), ("size", "4x4")],
        &[
            "│    a   b   c   d",
            "│1 [ +1] +2  +3  +4",
            "horizontal (1/2) ⏎ plays ha1",
        ],
    );
}

#[test]
fn nudge_a_disc_then_where_it_goes() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    go_to(&mut play, "b2");
    press(&mut play, KeyCode::Enter);
    assert!(play.session().moves().is_empty(), "the disc is chosen");
    let targets: Vec<String> = play
        .marks()
        .iter()
        .filter(|(_, m)| m.target)
        .map(|(&c, _)| play.cell_name(c))
        .collect();
    let mut targets = targets;
    targets.sort();
    assert_eq!(
        targets,
        ["a2", "b1", "b3", "c2"],
        "where the line of b2 may go"
    );
    go_to(&mut play, "b3");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["b2d"]);
    let lines = screen(&mut play, 80, 24);
    assert!(lines[21].contains("move 2 of 2"), "{}", lines[21]);
}

#[test]
fn taiji_the_light_half_then_the_dark_half() {
    let mut play = GamePlay::<Taiji>::new(config::<Taiji>(
        vec![Seat::Human, Seat::Human],
        &[("size", "7")],
        1,
    ))
    .unwrap();
    press(&mut play, KeyCode::Enter);
    let marks = play.marks();
    let b1 = tabuleiro_core::Cell::new(1, 0);
    assert!(marks[&b1].target, "the dark half may go on b1");
    assert!(marks[&tabuleiro_core::Cell::new(0, 0)].chosen);
    go_to(&mut play, "b1");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["a1-b1"]);
    press(&mut play, KeyCode::Down);
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(
        text.contains("│1   ◯ ━ ●"),
        "the tile's halves joined:\n{text}"
    );
}

#[test]
fn the_hint_puts_the_cursor_on_a_good_move() {
    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    // Player 1 can complete row 1 with a sphere at d1.
    play.play_typed("Ca1 Cc4 Yb1 Yd3 Oc1 Od4");
    assert_eq!(play.session().moves().len(), 6);
    press(&mut play, KeyCode::Char('?'));
    tick_until(&mut play, |p| p.message().starts_with("Hint"));
    // Two moves win at once: the sphere completing row 1 or the bottom-right region.
    let cursor = play.cursor().map(|c| play.cell_name(c)).unwrap_or_default();
    assert!(["d1", "c3"].contains(&cursor.as_str()), "{cursor}");
    assert_eq!(play.message(), format!("Hint: S{cursor} — Enter plays it."));
    press(&mut play, KeyCode::Enter);
    assert!(play.session().state().outcome().is_some());
    let lines = screen(&mut play, 80, 24);
    let text = lines.join("\n");
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("Player 1 wins"), "{text}");
    // The winning unit is marked as deciding, in the picture the screen draws.
    assert_eq!(play.picture().deciding.len(), 4);
    assert_eq!(press(&mut play, KeyCode::Char('q')), GameAction::Quit);
    assert!(!play.in_progress());
}

#[test]
fn computer_against_computer_can_be_paused_stepped_and_sped_up() {
    let mut play = GamePlay::<Quantik>::new(config::<Quantik>(
        vec![Seat::Computer(Level::Random), Seat::Computer(Level::Greedy)],
        &[],
        5,
    ))
    .unwrap();
    press(&mut play, KeyCode::Char('+'));
    press(&mut play, KeyCode::Char('+'));
    assert_eq!(play.message(), "Computer speed: instant.");
    press(&mut play, KeyCode::Char(' '));
    assert!(play.paused());
    for _ in 0..20 {
        play.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        play.session().moves().is_empty(),
        "paused before the first move"
    );
    press(&mut play, KeyCode::Char('.'));
    tick_until(&mut play, |p| p.session().moves().len() == 1);
    press(&mut play, KeyCode::Char('p'));
    tick_until(&mut play, |p| p.session().state().outcome().is_some());
    let lines = screen(&mut play, 80, 24);
    assert!(lines.join("\n").contains("Game over"));
}

#[test]
fn saved_games_load_again() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-tui-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    let mut play = human_vs_random();
    play.play_typed("Ca1");
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    press(&mut play, KeyCode::Char('s'));
    press(&mut play, KeyCode::Char('u'));
    for _ in 0..40 {
        press(&mut play, KeyCode::Backspace);
    }
    typing(&mut play, path.to_str().unwrap());
    press(&mut play, KeyCode::Enter);
    assert!(play.message().starts_with("Saved to"), "{}", play.message());
    let record =
        tabuleiro_core::GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let loaded = GamePlay::<Quantik>::from_record(&record).unwrap();
    assert_eq!(loaded.session().moves(), play.session().moves());
    press(&mut play, KeyCode::Char('o'));
    assert_eq!(
        press(&mut play, KeyCode::Enter),
        GameAction::Load(path.clone())
    );
    let _ = std::fs::remove_dir_all(dir);
}

// A tiny game with hidden information: each player holds a secret digit dealt from the seed
// and places their mark on a row of three cells; the board shows only the viewer's digit.

static SECRET_INFO: GameInfo = GameInfo {
    id: "secret",
    name: "Secret",
    summary: "",
    min_players: 2,
    max_players: 2,
    chance: true,
    hidden_information: true,
    scores: false,
    move_syntax: "a cell, e.g. b1",
    max_moves: Some(3),
    options: &[],
    rules: "",
};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Secret {
    cells: [Option<u8>; 3],
    secrets: [u8; 2],
    mover: u8,
}

impl Game for Secret {
    type Move = u8;
    type View = Secret;
    const INFO: &'static GameInfo = &SECRET_INFO;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Ok(Secret {
            cells: [None; 3],
            secrets: [(setup.seed % 10) as u8, (setup.seed / 10 % 10) as u8],
            mover: 0,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Player> {
        self.cells
            .iter()
            .any(Option::is_none)
            .then_some(Player(self.mover))
    }
    fn outcome(&self) -> Option<Outcome> {
        self.to_move()
            .is_none()
            .then(|| Outcome::draw(2, "the row is full"))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((0..3).filter(|&i| self.cells[usize::from(i)].is_none()));
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        match self.cells.get(usize::from(mv)) {
            Some(None) => Ok(()),
            _ => Err(IllegalMove::new("taken")),
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.cells[usize::from(mv)] = Some(self.mover);
        self.mover = 1 - self.mover;
    }
    fn format_move(&self, mv: u8) -> String {
        format!("{}1", char::from(b'a' + mv))
    }
    fn parse_notation(&self, text: &str) -> Result<u8, SyntaxError> {
        match text.trim() {
            "a1" => Ok(0),
            "b1" => Ok(1),
            "c1" => Ok(2),
            _ => Err(SyntaxError {
                text: text.to_owned(),
                reason: "a1, b1 or c1".to_owned(),
            }),
        }
    }
    fn render(&self, perspective: Perspective) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|c| c.map_or(".".to_owned(), |p| ["X", "o"][usize::from(p)].to_owned()))
            .collect();
        let secret = match perspective {
            Perspective::Player(p) => format!("your secret: {}", self.secrets[p.index()]),
            Perspective::Everyone => format!("secrets: {:?}", self.secrets),
        };
        format!("    a b c\n 1  {}\n\n {secret}\n", cells.join(" "))
    }
    fn picture(&self, perspective: Perspective) -> Picture {
        let mut picture = Picture::new(Board {
            columns: Axis::letters(3),
            rows: Axis::numbers(1),
            open: false,
        });
        for (x, owner) in self.cells.iter().enumerate() {
            if let Some(p) = owner {
                picture.pieces.push(Placed {
                    cell: PictureCell::new(x as i32, 0),
                    piece: Piece::new(
                        Shape::Disc,
                        Ink::Seat(usize::from(*p)),
                        ["X", "o"][usize::from(*p)],
                    ),
                });
            }
        }
        picture.notes.push(match perspective {
            Perspective::Player(p) => format!("your secret: {}", self.secrets[p.index()]),
            Perspective::Everyone => format!("secrets: {:?}", self.secrets),
        });
        picture
    }
    fn gesture(&self, mv: u8) -> Gesture {
        Gesture::cells(vec![PictureCell::new(i32::from(mv), 0)])
    }
    fn view(&self, _player: Player) -> Secret {
        self.clone()
    }
    fn sample_from_view(view: &Secret, _rng: &mut GameRng) -> Self {
        view.clone()
    }
    fn position_key(&self) -> u64 {
        0
    }
}

impl Engine for Secret {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: false,
    };

    fn evaluate(&self, _player: Player) -> i32 {
        0
    }
}

#[test]
fn hotseat_with_hidden_hands_covers_the_board_between_turns() {
    let mut play = GamePlay::<Secret>::new(GameConfig {
        setup: Setup {
            players: 2,
            options: Options::defaults(&SECRET_INFO),
            seed: 42,
        },
        seats: vec![Seat::Human, Seat::Human],
        save: None,
    })
    .unwrap();
    assert_eq!(play.handover(), Some(Player(0)));
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(text.contains("Pass the keyboard to player 1"), "{text}");
    assert!(!text.contains("secret"), "{text}");
    press(&mut play, KeyCode::Enter);
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(text.contains("your secret: 2"), "{text}");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().moves().len(), 1);
    assert_eq!(play.handover(), Some(Player(1)));
    // Keys other than Enter do not reveal the board.
    press(&mut play, KeyCode::Char(':'));
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(!text.contains("secret"), "{text}");
    press(&mut play, KeyCode::Enter);
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(text.contains("your secret: 4"), "{text}");
}

#[test]
fn a_whole_nudge_turn_may_be_typed_on_one_line() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "b2d d2d");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["b2d", "d2d"]);
    assert_eq!(play.session().state().to_move(), Some(Player(1)));
    // One bad move in a line: the ones before it stay played, and the message says so.
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "c4u b4u");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().moves().len(), 3);
    assert!(
        play.message().contains("the moves before it were played"),
        "{}",
        play.message()
    );
}

// Q!nto: hidden hands and piles.

fn qinto(seats: Vec<Seat>, seed: u64) -> GamePlay<Qinto> {
    let mut play = GamePlay::<Qinto>::new(config::<Qinto>(seats, &[], seed)).unwrap();
    for (i, seat) in play.config.seats.clone().into_iter().enumerate() {
        if seat != Seat::Human {
            play.table.set_agent(Player(i as u8), Box::new(Secretive));
        }
    }
    play
}

fn typed<G: Engine>(play: &mut GamePlay<G>, text: &str) {
    press(play, KeyCode::Char(':'));
    typing(play, text);
    press(play, KeyCode::Enter);
}

#[test]
fn a_computers_trade_reads_as_a_count_in_the_move_list_and_the_message() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 3);
    typed(&mut play, "pass");
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    let trade = play.session().record().moves[1].clone();
    let count = trade.split_whitespace().count() - 1;
    assert!(count > 0, "the computer traded: {trade}");
    assert_eq!(
        play.message(),
        format!("Player 2 (secretive) played pass (traded {count}).")
    );
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains(&format!("P2 pass (traded {count})")),
        "{text}"
    );
    assert!(!text.contains(&trade), "{text}");
    // The human's own trade reads in full to the human.
    let own = play
        .session()
        .state()
        .hand(Player(0))
        .tiles()
        .take(2)
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    typed(&mut play, &format!("pass {own}"));
    assert_eq!(play.message(), format!("You played pass {own}."));
}

#[test]
fn with_two_humans_and_a_computer_no_hand_shows_while_the_computer_moves() {
    // Whose hand tiles the board shows, by seat.
    fn hands(play: &GamePlay<Qinto>) -> Vec<usize> {
        play.picture()
            .reserves
            .iter()
            .filter(|r| !r.items.is_empty())
            .map(|r| r.seat)
            .collect()
    }
    let mut play = qinto(
        vec![Seat::Human, Seat::Human, Seat::Computer(Level::Random)],
        5,
    );
    press(&mut play, KeyCode::Enter);
    assert_eq!(hands(&play), [0]);
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains("▒▒▒▒▒"),
        "the others' hands face down:\n{text}"
    );
    typed(&mut play, "pass");
    press(&mut play, KeyCode::Enter);
    assert_eq!(hands(&play), [1]);
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains("5 in hand, 15 in the face-down pile"),
        "{text}"
    );
    typed(&mut play, "pass");
    // The computer to move: the board shows only what no seat may hide.
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains("Player 3 (random) to move"), "{text}");
    assert!(hands(&play).is_empty());
    play.tick();
    assert!(hands(&play).is_empty());
    tick_until(&mut play, |p| p.session().moves().len() == 3);
    assert_eq!(play.handover(), Some(Player(0)));
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(hands(&play).is_empty());
    assert!(
        text.contains("Player 3 (secretive) played pass (traded"),
        "{text}"
    );
}

#[test]
fn undo_over_a_move_that_drew_tiles_is_refused_with_the_reason() {
    let mut play = qinto(vec![Seat::Human, Seat::Human], 3);
    press(&mut play, KeyCode::Enter);
    let state = play.session().state().clone();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let first = moves
        .iter()
        .find(|mv| matches!(mv, QintoMove::Play(_)))
        .map(|&mv| state.format_move(mv))
        .unwrap();
    typed(&mut play, &first);
    press(&mut play, KeyCode::Enter);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(
        play.message(),
        "Cannot undo: the tiles drawn by that move are now known; it cannot be taken back \
         (move 1)."
    );
    assert_eq!(play.session().moves().len(), 1);
    // A pass draws nothing: it can be taken back.
    typed(&mut play, "pass");
    press(&mut play, KeyCode::Enter);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(play.session().moves().len(), 1, "{}", play.message());
}

#[test]
fn on_an_empty_qinto_grid_enter_plays_the_hint() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 3);
    press(&mut play, KeyCode::Char('?'));
    tick_until(&mut play, |p| p.message().starts_with("Hint"));
    let hint = play.hint.clone().unwrap();
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains(&format!("⏎ plays the hint {hint}")), "{text}");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves.first(), Some(&hint));
}

// The seed: shown for games without hidden information, never for Q!nto, whose seed decides
// the whole deal.

#[test]
fn a_quantik_title_shows_the_seed() {
    let mut play = human_vs_random();
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains("P1 human vs P2 random · seed 7"), "{text}");
    press(&mut play, KeyCode::Char('s'));
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains("Save to: tabuleiro-quantik-7.json"), "{text}");
}

#[test]
fn the_seed_of_a_qinto_game_is_never_on_screen() {
    let seed: u64 = 8_070_605_040_302_010;
    let digits = seed.to_string();
    let seen = |play: &mut GamePlay<Qinto>| screen(play, 120, 30).join("\n");
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], seed);
    let mut texts = vec![seen(&mut play)];
    assert!(texts[0].contains("P1 human vs P2 random"), "{}", texts[0]);
    typed(&mut play, "pass");
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    texts.push(seen(&mut play));
    // Nor any part of it in the default name of a saved game.
    press(&mut play, KeyCode::Char('s'));
    let saving = seen(&mut play);
    assert!(saving.contains("Save to: tabuleiro-qinto.json"), "{saving}");
    texts.push(saving);
    press(&mut play, KeyCode::Esc);
    // Not even at the end, which undo can reopen.
    let mut over = GamePlay::<Qinto>::new(config::<Qinto>(
        vec![Seat::Computer(Level::Random), Seat::Computer(Level::Random)],
        &[("max_turns", "6")],
        seed,
    ))
    .unwrap();
    tick_until(&mut over, |p| p.session().state().outcome().is_some());
    texts.push(seen(&mut over));
    for text in &texts {
        assert!(!text.contains(&digits), "{text}");
        assert!(!text.contains("seed"), "{text}");
    }
}

// The marks of the position and Q!nto's colours, as drawn on a TestBackend.

/// The buffer cell where `cell`'s contents start on screen (the screen drawn 80 × 24), and
/// the buffer.
fn drawn_at<G: Engine>(
    play: &mut GamePlay<G>,
    cell: tabuleiro_core::Cell,
) -> ratatui::buffer::Cell {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| play.render(frame, frame.area()))
        .unwrap();
    let (ox, oy) = play.board_origin.expect("the board was drawn");
    let (x, y) = play
        .geometry
        .position(cell)
        .expect("the cell is on the board");
    // Glyphs are centred: the middle character of the cell holds the piece.
    terminal.backend().buffer()[(ox + x as u16 + 1, oy + y as u16)].clone()
}

#[test]
fn the_last_turn_and_the_cells_that_decided_are_marked_on_screen() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    play.play_typed("b2d d2d");
    let last = play.picture().last.clone();
    assert_eq!(last.len(), 4, "both moves of the turn: {last:?}");
    press(&mut play, KeyCode::Char('j'));
    for cell in last {
        let drawn = drawn_at(&mut play, cell);
        assert_eq!(drawn.bg, Color::Rgb(0, 40, 110), "{cell:?} is marked");
        assert!(
            drawn
                .modifier
                .contains(ratatui::style::Modifier::UNDERLINED)
        );
    }

    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    play.play_typed("Ca1 Cc4 Yb1 Yd3 Oc1 Od4 Sd1");
    assert!(play.session().state().outcome().is_some());
    let row: Vec<tabuleiro_core::Cell> = (0..4).map(|x| tabuleiro_core::Cell::new(x, 0)).collect();
    let mut deciding = play.picture().deciding.clone();
    deciding.sort();
    assert_eq!(deciding, row, "row 1 won");
    for cell in row {
        assert_eq!(
            drawn_at(&mut play, cell).bg,
            Color::Rgb(140, 30, 0),
            "{cell:?}"
        );
    }
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(
        text.contains(" decided "),
        "the legend explains the mark:\n{text}"
    );
}

#[test]
fn qinto_tiles_are_put_down_by_pointing_and_drawn_in_their_colours() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 11);
    // A first play of two tiles, each picked with Tab and put down with Enter.
    let (index, gesture) = play
        .gestures
        .iter()
        .enumerate()
        .find(|(_, g)| g.pieces.len() == 2)
        .map(|(i, g)| (i, g.clone()))
        .expect("a play of two tiles");
    let wanted = play.session().state().format_move(play.legal[index]);
    for piece in &gesture.pieces {
        for _ in 0..10 {
            if play.pick.as_ref().is_some_and(|p| p.token == piece.token) {
                break;
            }
            press(&mut play, KeyCode::Tab);
        }
        assert_eq!(
            play.pick.as_ref().map(|p| p.token.clone()),
            Some(piece.token.clone())
        );
        let cell = piece.cell.expect("a cell");
        let name = play.cell_name(cell);
        go_to(&mut play, &name);
        press(&mut play, KeyCode::Enter);
    }
    if play.session().moves().is_empty() {
        assert!(play.message().starts_with("x plays"), "{}", play.message());
        press(&mut play, KeyCode::Char('x'));
    }
    assert_eq!(play.session().record().moves.first(), Some(&wanted));
    press(&mut play, KeyCode::Down);
    for piece in &gesture.pieces {
        let cell = piece.cell.expect("a cell");
        let drawn = drawn_at(&mut play, cell);
        let tile = play
            .picture()
            .pieces_at(cell)
            .next()
            .expect("the tile is drawn")
            .clone();
        let expected = match tile.ink {
            tabuleiro_core::Ink::Red => Color::LightRed,
            tabuleiro_core::Ink::Green => Color::LightGreen,
            tabuleiro_core::Ink::Blue => Color::LightBlue,
            tabuleiro_core::Ink::Yellow => Color::Yellow,
            tabuleiro_core::Ink::Black => Color::Gray,
            _ => Color::Magenta,
        };
        assert_eq!(drawn.fg, expected, "{} in its colour", tile.label);
    }
}

#[test]
fn a_qinto_trade_is_picked_with_t_and_played_with_x() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 12);
    let hand: Vec<String> = play
        .session()
        .state()
        .hand(Player(0))
        .tiles()
        .map(|t| t.to_string())
        .collect();
    let first = play.pick.clone().expect("a tile to pick");
    press(&mut play, KeyCode::Char('t'));
    assert!(
        play.message().starts_with("x plays pass"),
        "{}",
        play.message()
    );
    press(&mut play, KeyCode::Char('x'));
    let played = play
        .session()
        .record()
        .moves
        .first()
        .cloned()
        .unwrap_or_default();
    assert_eq!(played, format!("pass {}", first.token));
    assert!(hand.contains(&first.token));
}
