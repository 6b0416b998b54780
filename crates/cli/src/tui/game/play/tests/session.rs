//! Computer players paused, stepped and sped up; games saved and loaded again.

use super::*;

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
