//! One game's trouble stays in that game: a store that takes 2 s to write one game's move
//! delays no other game's moves, and a computer search that panics costs that search only
//! while other games are being played on the same server.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_ai::glicko::Glicko;
use tabuleiro_web::Hub;
use tabuleiro_web::limits::Limits;
use tabuleiro_web::lobby::Challenge;
use tabuleiro_web::protocol::ServerMessage;
use tabuleiro_web::store::puzzle::{AttemptRated, PastAttempt, PuzzleAttempt, PuzzleRating};
use tabuleiro_web::store::{
    Change, Changed, GameStore, PlayedGame, PlayerRating, RatingChange, StoreError, StoreFuture,
    StoreOptions, StoredGame, StoredPlayer, StoredSession,
};

use crate::util::{Server, data_folder, database_of, next, send_move, state_until, token};

/// A store whose writes of the moves of one game take `delay` (a slow disk, a slow round trip
/// for that game); everything else goes straight to the real store.
struct SlowFor {
    inner: Arc<dyn GameStore>,
    game: std::sync::Mutex<Option<String>>,
    delay: Duration,
}

impl GameStore for SlowFor {
    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()> {
        self.inner.create(game)
    }

    fn import(&self, games: Vec<StoredGame>) -> StoreFuture<'_, usize> {
        self.inner.import(games)
    }

    fn change(&self, id: &str, revision: u64, change: Change) -> StoreFuture<'_, u64> {
        let slow = self.game.lock().expect("the slow game").as_deref() == Some(id);
        let id = id.to_owned();
        Box::pin(async move {
            if slow {
                tokio::time::sleep(self.delay).await;
            }
            self.inner.change(&id, revision, change).await
        })
    }

    fn change_rated(
        &self,
        id: &str,
        revision: u64,
        change: Change,
        rating: tabuleiro_web::store::Rating,
    ) -> StoreFuture<'_, (u64, Vec<RatingChange>)> {
        self.inner.change_rated(id, revision, change, rating)
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        self.inner.load(id)
    }

    fn create_player(&self, player: StoredPlayer, session: String) -> StoreFuture<'_, ()> {
        self.inner.create_player(player, session)
    }

    fn session_player(&self, session: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        self.inner.session_player(session)
    }

    fn load_player(&self, id: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        self.inner.load_player(id)
    }

    fn rename_player(&self, id: String, name: String) -> StoreFuture<'_, bool> {
        self.inner.rename_player(id, name)
    }

    fn set_player_key(&self, id: String, key: String, keep: String) -> StoreFuture<'_, bool> {
        self.inner.set_player_key(id, key, keep)
    }

    fn player_sessions(&self, id: String) -> StoreFuture<'_, Vec<StoredSession>> {
        self.inner.player_sessions(id)
    }

    fn end_session(&self, id: String, hash: String) -> StoreFuture<'_, bool> {
        self.inner.end_session(id, hash)
    }

    fn set_player_bot(&self, id: String, bot: bool) -> StoreFuture<'_, bool> {
        self.inner.set_player_bot(id, bot)
    }

    fn claim_player_key(
        &self,
        key: String,
        session: String,
        bot: bool,
    ) -> StoreFuture<'_, Option<StoredPlayer>> {
        self.inner.claim_player_key(key, session, bot)
    }

    fn key_player(&self, key: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        self.inner.key_player(key)
    }

    fn forget_player(&self, id: String) -> StoreFuture<'_, bool> {
        self.inner.forget_player(id)
    }

    fn count(&self) -> StoreFuture<'_, usize> {
        self.inner.count()
    }

    fn player_ratings(&self, id: String) -> StoreFuture<'_, Vec<PlayerRating>> {
        self.inner.player_ratings(id)
    }

    fn rate(
        &self,
        id: String,
        game: String,
        seated: Vec<String>,
        places: Vec<usize>,
    ) -> StoreFuture<'_, Vec<RatingChange>> {
        self.inner.rate(id, game, seated, places)
    }

    fn player_games(
        &self,
        id: String,
        game: Option<String>,
        limit: usize,
    ) -> StoreFuture<'_, Vec<PlayedGame>> {
        self.inner.player_games(id, game, limit)
    }

    fn puzzle_attempt(&self, attempt: PuzzleAttempt) -> StoreFuture<'_, AttemptRated> {
        self.inner.puzzle_attempt(attempt)
    }

    fn puzzle_ratings(&self) -> StoreFuture<'_, Vec<(String, Glicko)>> {
        self.inner.puzzle_ratings()
    }

    fn player_puzzles(
        &self,
        id: String,
        limit: usize,
    ) -> StoreFuture<'_, (Vec<PuzzleRating>, Vec<PastAttempt>)> {
        self.inner.player_puzzles(id, limit)
    }

    fn put_challenge(
        &self,
        challenge: Challenge,
        expected: Option<u64>,
        game: Option<StoredGame>,
        now: i64,
    ) -> StoreFuture<'_, bool> {
        self.inner.put_challenge(challenge, expected, game, now)
    }

    fn challenge(&self, id: String, since: Option<i64>) -> StoreFuture<'_, Option<Challenge>> {
        self.inner.challenge(id, since)
    }

    fn challenges(&self, since: i64, mine: Option<String>) -> StoreFuture<'_, Vec<Challenge>> {
        self.inner.challenges(since, mine)
    }

    fn touch_challenges(&self, creator: String, now: i64) -> StoreFuture<'_, ()> {
        self.inner.touch_challenges(creator, now)
    }

    fn remove_challenge(&self, id: String, creator: String) -> StoreFuture<'_, bool> {
        self.inner.remove_challenge(id, creator)
    }

    fn share_playing(
        &self,
        node: String,
        games: Vec<tabuleiro_web::lobby::Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()> {
        self.inner.share_playing(node, games, now, forget)
    }

    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, tabuleiro_web::lobby::Playing)>> {
        self.inner.playing(since)
    }

    fn beat(&self, now: i64) -> StoreFuture<'_, ()> {
        self.inner.beat(now)
    }

    fn resume(&self, now: i64) -> StoreFuture<'_, i64> {
        self.inner.resume(now)
    }

    fn expired(&self, now: i64, limit: usize) -> StoreFuture<'_, Vec<String>> {
        self.inner.expired(now, limit)
    }

    fn rating_changes(&self, id: String) -> StoreFuture<'_, Vec<RatingChange>> {
        self.inner.rating_changes(id)
    }

    fn changes(&self) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<Changed>>, StoreError> {
        self.inner.changes()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_taking_two_seconds_delays_no_other_games_moves() {
    let data = data_folder();
    let inner = database_of(&data)
        .open(&StoreOptions::default())
        .await
        .expect("open");
    let slow = Arc::new(SlowFor {
        inner,
        game: std::sync::Mutex::new(None),
        delay: Duration::from_secs(2),
    });
    let hub = Hub::with_store(Arc::clone(&slow) as Arc<dyn GameStore>, Limits::default());
    let server = Server::serving(data, hub).await;
    let stuck = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let free = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    *slow.game.lock().expect("the slow game") = Some(stuck.id.clone());
    let (mut on_stuck, _, state) = server.join(&stuck.id, Some(&token(&stuck, 0))).await;
    let (mut on_free, _, mut free_state) = server.join(&free.id, Some(&token(&free, 0))).await;
    // A move of the stuck game: its write takes 2 s.
    let asked = Instant::now();
    send_move(&mut on_stuck, &state.legal[0]).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Meanwhile the other game's moves are stored and shown at once.
    let mut slowest = Duration::ZERO;
    for _ in 0..6 {
        let sent = Instant::now();
        send_move(&mut on_free, &free_state.legal[0]).await;
        let n = free_state.moves.len();
        free_state = state_until(&mut on_free, |s| s.moves.len() > n).await;
        slowest = slowest.max(sent.elapsed());
    }
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "the other game's moves were all made while the slow write was pending"
    );
    assert!(
        slowest < Duration::from_millis(100),
        "another game's move took {slowest:?} while one game's write took 2 s"
    );
    // And the slow game's move is made, in its own time.
    let after = state_until(&mut on_stuck, |s| s.moves.len() == 1).await;
    assert!(asked.elapsed() >= Duration::from_secs(2), "{after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_search_costs_one_search_and_no_other_game_anything() {
    let server = Server::start().await;
    let computer = server
        .create(json!({ "game": "quantik", "mode": "computer", "level": "easy", "seat": 0 }))
        .await;
    let others: Vec<_> = [
        server
            .create(json!({ "game": "quantik", "mode": "hotseat" }))
            .await,
        server
            .create(json!({ "game": "nudge", "mode": "hotseat" }))
            .await,
    ]
    .into();
    let (mut person, _, state) = server.join(&computer.id, Some(&token(&computer, 0))).await;
    let mut players = Vec::new();
    for game in &others {
        let (socket, _, state) = server.join(&game.id, Some(&token(game, 0))).await;
        players.push((socket, state));
    }
    // The next search panics on its thread, as a bug in a search would.
    server.hub.panic_next_search();
    send_move(&mut person, &state.legal[0]).await;
    // The other games are played on meanwhile, and lose nothing.
    for _ in 0..4 {
        for (socket, state) in &mut players {
            let n = state.moves.len();
            send_move(socket, &state.legal[0]).await;
            *state = state_until(socket, |s| s.moves.len() > n).await;
        }
    }
    // The person is told the computer failed, and its move is searched again and made.
    let mut told = false;
    let moved = loop {
        match next(&mut person).await {
            ServerMessage::Error { message } => {
                assert!(message.contains("the computer player failed"), "{message}");
                told = true;
            }
            ServerMessage::State { moves, .. } if moves.len() == 2 => break moves,
            _ => {}
        }
    };
    assert!(told, "the failure is said");
    assert_eq!(moved.len(), 2);
    assert_eq!(server.hub.searches_panicked(), 1);
    // The server still serves every game: each is joined again with all its moves.
    for (game, (_, state)) in others.iter().zip(&players) {
        let (_, _, again) = server.join(&game.id, None).await;
        assert_eq!(again.moves, state.moves);
    }
    let (_, _, again) = server.join(&computer.id, None).await;
    assert_eq!(again.moves.len(), 2);
}
