//! Hotseat play of a game with hidden information: the board is covered between turns.

use super::*;

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
    assert!(text.contains("Pass the keyboard to Player 1"), "{text}");
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
