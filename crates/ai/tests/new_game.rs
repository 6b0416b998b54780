//! A game added the way `docs/adding-a-game.md` says, defined here: one-pile Nim (take 1, 2
//! or 3 counters; whoever takes the last wins). Nothing below the `Game` and `Engine`
//! implementations knows it: the conformance suite, every computer level, a match and a
//! record replayed all work with it unchanged.

use tabuleiro_ai::{LADDER, Level, play_match};
use tabuleiro_core::picture::Shape;
use tabuleiro_core::{
    Axis, Board, Cell, Engine, EngineInfo, Game, GameInfo, GameRecord, GameRng, Gesture,
    IllegalMove, Ink, OptionKind, OptionSpec, Outcome, Perspective, Picture, Piece, Placed, Player,
    SearchKind, Session, Setup, SetupError, SyntaxError, conformance,
};

static INFO: GameInfo = GameInfo {
    id: "nim",
    name: "Nim",
    summary: "Take 1 to 3 counters; whoever takes the last wins.",
    min_players: 2,
    max_players: 2,
    chance: false,
    hidden_information: false,
    scores: false,
    move_syntax: "t1, t2 or t3",
    max_moves: Some(40),
    options: &[OptionSpec {
        name: "pile",
        label: "Pile",
        description: "counters at the start",
        kind: OptionKind::Integer {
            min: 1,
            max: 40,
            words: &[],
        },
        default: "11",
    }],
    rules: "Take 1, 2 or 3 counters from the pile in turn; whoever takes the last one wins.",
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Nim {
    left: u8,
    to_move: u8,
}

impl Game for Nim {
    type Move = u8;
    type View = Nim;
    const INFO: &'static GameInfo = &INFO;

    fn new(setup: &Setup) -> Result<Nim, SetupError> {
        SetupError::check_players(&INFO, setup.players)?;
        let pile = setup.options.integer::<u8>("pile")?;
        Ok(Nim {
            left: pile,
            to_move: 0,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Player> {
        (self.left > 0).then_some(Player(self.to_move))
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::win(Player(1 - self.to_move), 2, "took the last counter"))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((1..=3).filter(|&k| k <= self.left));
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        if (1..=self.left.min(3)).contains(&mv) {
            Ok(())
        } else {
            Err(IllegalMove::new(format!("{} counters are left", self.left)))
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.left -= mv;
        self.to_move = 1 - self.to_move;
    }
    fn format_move(&self, mv: u8) -> String {
        format!("t{mv}")
    }
    fn parse_notation(&self, text: &str) -> Result<u8, SyntaxError> {
        let text = text.trim();
        text.strip_prefix(['t', 'T'])
            .and_then(|d| d.parse::<u8>().ok())
            .filter(|k| (1..=3).contains(k))
            .ok_or_else(|| SyntaxError {
                text: text.into(),
                reason: "write t1, t2 or t3".into(),
            })
    }
    fn render(&self, _: Perspective) -> String {
        format!("{} left", self.left)
    }
    /// The counters left, in a row.
    fn picture(&self, _: Perspective) -> Picture {
        let mut picture = Picture::new(Board {
            columns: Axis::numbers(usize::from(self.left.max(1))),
            rows: Axis::numbers(1),
            open: false,
        });
        for i in 0..self.left {
            picture.pieces.push(Placed {
                cell: Cell::new(i32::from(i), 0),
                piece: Piece::new(Shape::Disc, Ink::Light, ""),
            });
        }
        picture
    }
    /// Taking `mv` counters is pointing at the first counter taken.
    fn gesture(&self, mv: u8) -> Gesture {
        Gesture::cells(vec![Cell::new(i32::from(self.left - mv), 0)])
    }
    fn view(&self, _: Player) -> Nim {
        *self
    }
    fn sample_from_view(view: &Nim, _: &mut GameRng) -> Nim {
        *view
    }
    fn position_key(&self) -> u64 {
        u64::from(self.left) * 2 + u64::from(self.to_move)
    }
}

/// Leaving a multiple of 4 is good for the player who just moved.
impl Engine for Nim {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: true,
    };
    fn evaluate(&self, player: Player) -> i32 {
        let mover_wins = !self.left.is_multiple_of(4);
        if mover_wins == (self.to_move == player.0) {
            1
        } else {
            -1
        }
    }
}

fn setup(pile: u32) -> Setup {
    let options =
        tabuleiro_core::Options::parse(&INFO, &[format!("pile={pile}")]).expect("a pile size");
    Setup {
        players: 2,
        options,
        seed: 0,
    }
}

#[test]
fn a_new_game_passes_the_conformance_suite() {
    let report = conformance::check::<Nim>(&[setup(11), setup(1), setup(40)], 20, 7);
    assert_eq!(report.games, 60, "{report:?}");
    assert_eq!(report.finished, 60, "{report:?}");
    assert!(report.records > 0 && report.refused > 0, "{report:?}");
}

#[test]
fn every_level_of_the_ladder_plays_it() {
    for named in LADDER {
        let level: Level = named.name.parse().expect("a ladder name");
        let mut agent = level
            .build::<Nim>(3)
            .expect("every level builds for a solvable game");
        let mut state = Nim::new(&setup(11)).expect("a start");
        while let Some(me) = state.to_move() {
            let mv = agent.choose(&state.view(me)).expect("a move");
            state.play(mv).expect("a legal move");
        }
        assert!(state.outcome().is_some(), "{}", named.name);
    }
}

#[test]
fn perfect_play_wins_every_won_start_and_the_record_replays() {
    // With 11 counters whoever moves first wins (leaving a multiple of 4 every turn).
    let result = play_match::<Nim>(
        &setup(11),
        Level::Perfect,
        Level::Random,
        10,
        5,
        true,
        |_| {},
    )
    .expect("a match");
    let perfect_started = result.games.iter().filter(|g| g.a_seat == Player(0));
    for game in perfect_started {
        assert_eq!(game.outcome.winner(), Some(game.a_seat), "{game:?}");
    }
    // With 12 the second player wins: perfect play as the second seat, saved and replayed.
    let mut session =
        Session::<Nim>::new(setup(12), vec!["random".into(), "perfect".into()]).expect("a start");
    let mut agents = [
        Level::Random.build::<Nim>(1).expect("random"),
        Level::Perfect.build::<Nim>(2).expect("perfect"),
    ];
    while let Some(me) = session.state().to_move() {
        let mv = agents[me.index()]
            .choose(&session.state().view(me))
            .expect("a move");
        session.play(mv).expect("a legal move");
    }
    assert_eq!(
        session.state().outcome().and_then(|o| o.winner()),
        Some(Player(1))
    );
    let text = session.record().to_json();
    let positions = GameRecord::from_json(&text)
        .expect("the record reads back")
        .replay::<Nim>()
        .expect("the record replays");
    assert_eq!(positions.last(), Some(session.state()));
}
