//! The database stalls (every process of the cluster stopped with SIGSTOP for 30 s) or is
//! stopped at once (`pg_ctl stop -m immediate`) and started again, in the middle of a game
//! played on two nodes: the page and the catalogue answer within a second throughout, a game
//! in memory can still be joined, a move is refused at once with "the game store is
//! unavailable", nothing acknowledged is lost, and play resumes by itself afterwards;
//! `/readyz` fails meanwhile and answers again after. A node whose connection listening to
//! the others is cut is not ready until it has listened again.
//!
//! Each test runs a PostgreSQL cluster of its own (Debian's packages, as `scripts/with-postgres`
//! does), so that stopping it disturbs no other test.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request};

use super::{Node, Settled, create, database, join, node, node_with, settle, stored};

/// A throw-away PostgreSQL cluster, stopped and removed when dropped.
struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
}

/// Runs a PostgreSQL program as the cluster's owner (the `postgres` user when root).
fn as_owner(program: &PathBuf) -> Command {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

impl Cluster {
    fn start() -> Cluster {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's postgresql (scripts/test installs it)")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max()
            .expect("a PostgreSQL server");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let dir =
            std::env::temp_dir().join(format!("tabuleiro-outage-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let _ = Command::new("chown").arg("postgres:").arg(&dir).status();
        let cluster = Cluster { dir, bin, port };
        let initdb = as_owner(&cluster.bin.join("initdb"))
            .arg("-D")
            .arg(cluster.dir.join("data"))
            .args(["-U", "postgres", "--auth=trust", "-E", "UTF8"])
            .output()
            .expect("initdb");
        assert!(
            initdb.status.success(),
            "{}",
            String::from_utf8_lossy(&initdb.stderr)
        );
        cluster.pg_ctl_start();
        cluster
    }

    fn pg_ctl_start(&self) {
        let started = as_owner(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .arg("-l")
            .arg(self.dir.join("log"))
            .arg("-w")
            .arg("-o")
            .arg(format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=on",
                self.port,
                self.dir.display()
            ))
            .arg("start")
            .output()
            .expect("pg_ctl start");
        assert!(
            started.status.success(),
            "{}",
            String::from_utf8_lossy(&started.stderr)
        );
    }

    fn stop_immediately(&self) {
        let _ = as_owner(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "stop"])
            .output();
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Sends `signal` to the server and all its processes (a child that ended meanwhile is
    /// skipped); returns whether the server itself got it.
    fn signal(&self, signal: &str) -> bool {
        let Ok(pid) = std::fs::read_to_string(self.dir.join("data/postmaster.pid")) else {
            return false;
        };
        let pid = pid.lines().next().unwrap_or_default().trim().to_owned();
        let kill = |pid: &str| {
            Command::new("kill")
                .arg(format!("-{signal}"))
                .arg(pid)
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        // The server first when it stops, its processes first when they go on.
        let server = signal != "STOP" || kill(&pid);
        if let Ok(children) = Command::new("pgrep").args(["-P", &pid]).output() {
            for child in String::from_utf8_lossy(&children.stdout).split_whitespace() {
                kill(child);
            }
        }
        signal == "STOP" && server || signal != "STOP" && kill(&pid)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.signal("CONT");
        self.stop_immediately();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Asks for `GET /` and `GET /api/catalog` of every node every 200 ms until `stop`; returns the
/// slowest answer, in milliseconds (a request without an answer within 1 s counts as
/// `u64::MAX`).
fn probe(nodes: Vec<std::net::SocketAddr>, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<u64> {
    tokio::spawn(async move {
        let slowest = AtomicU64::new(0);
        while !stop.load(Ordering::Relaxed) {
            for &addr in &nodes {
                for path in ["/", "/api/catalog"] {
                    let asked = Instant::now();
                    let answer = tokio::time::timeout(
                        Duration::from_secs(1),
                        request(addr, "GET", path, None),
                    )
                    .await;
                    let took = match answer {
                        Ok(Ok(answer)) if answer.status == 200 => {
                            asked.elapsed().as_millis() as u64
                        }
                        _ => u64::MAX,
                    };
                    slowest.fetch_max(took, Ordering::Relaxed);
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        slowest.load(Ordering::Relaxed)
    })
}

/// A game on two nodes: seat 1 plays through the first, seat 2 through the second.
struct Table {
    seats: [GameSocket; 2],
    /// What each seat's connection was last shown.
    seen: [Settled; 2],
    id: String,
    /// The moves acknowledged so far, in order.
    acknowledged: Vec<String>,
    /// Moves refused because the database did not answer in time (it may make them later).
    maybe: usize,
}

impl Table {
    async fn new(nodes: &[Node; 2]) -> Table {
        let game = create(&nodes[0], json!({ "game": "quantik", "mode": "online" })).await;
        let token = |seat: usize| game.seats[seat].token.clone().expect("a token");
        let seats = [
            join(&nodes[0], &game.id, Some(&token(0))).await,
            join(&nodes[1], &game.id, Some(&token(1))).await,
        ];
        Table {
            seats,
            seen: [Settled::default(), Settled::default()],
            id: game.id,
            acknowledged: Vec::new(),
            maybe: 0,
        }
    }

    /// Reads what seat `i` is shown until it is quiet for `quiet`; its errors start afresh.
    async fn look(&mut self, i: usize, quiet: Duration) -> &Settled {
        let mut last = std::mem::take(&mut self.seen[i]);
        last.errors.clear();
        self.seen[i] = settle(&mut self.seats[i], quiet, last).await;
        &self.seen[i]
    }

    /// The seat to move sends a legal move; returns the errors it was sent (none: the move was
    /// acknowledged, and is noted).
    async fn play(&mut self) -> Vec<String> {
        self.look(0, Duration::from_millis(300)).await;
        self.look(1, Duration::from_millis(300)).await;
        let n = self.seen[0].moves.len().max(self.seen[1].moves.len());
        let mover = n % 2;
        let Some(mv) = self.seen[mover].legal.first().cloned() else {
            return vec![format!("seat {} has no move to play yet", mover + 1)];
        };
        let sent = Instant::now();
        self.seats[mover]
            .send(&json!({ "type": "move", "notation": mv }))
            .await
            .expect("send");
        // The answer: the move shown, or an error (within the database timeout).
        let mut answer = std::mem::take(&mut self.seen[mover]);
        answer.errors.clear();
        while answer.errors.is_empty()
            && answer.moves.len() <= n
            && sent.elapsed() < Duration::from_secs(10)
        {
            answer = settle(&mut self.seats[mover], Duration::from_millis(100), answer).await;
        }
        self.seen[mover] = settle(&mut self.seats[mover], Duration::from_millis(300), answer).await;
        let seen = &self.seen[mover];
        let errors = seen.errors.clone();
        if errors.is_empty() && seen.moves.len() == n + 1 {
            self.acknowledged.push(mv);
        } else {
            assert!(
                sent.elapsed() < Duration::from_secs(5),
                "a refusal comes within the database timeout: {:?}",
                sent.elapsed()
            );
            if errors.iter().any(|e| e.contains("did not answer in time")) {
                self.maybe += 1;
            }
        }
        errors
    }
}

/// Whether `part` is `whole` with some elements left out.
fn subsequence(part: &[String], whole: &[String]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|p| rest.any(|w| w == p))
}

/// What the outage does to the database, and undoes.
enum Outage {
    Stall,
    Restart,
}

async fn through(outage: Outage) {
    let cluster = Cluster::start();
    let url = cluster.url();
    let options = ["--database-timeout", "2"];
    let nodes = [node_with(&url, &options), node_with(&url, &options)];
    let mut table = Table::new(&nodes).await;
    for _ in 0..3 {
        assert!(table.play().await.is_empty(), "moves before the outage");
    }
    let stop = Arc::new(AtomicBool::new(false));
    let prober = probe(vec![nodes[0].addr, nodes[1].addr], Arc::clone(&stop));
    let started = Instant::now();
    let lasts = match outage {
        Outage::Stall => {
            assert!(cluster.signal("STOP"), "the database stopped");
            Duration::from_secs(30)
        }
        Outage::Restart => {
            cluster.stop_immediately();
            Duration::from_secs(5)
        }
    };
    // A move during the outage is refused, saying why.
    let errors = table.play().await;
    assert!(
        errors
            .iter()
            .any(|e| e.contains("the game store is unavailable")),
        "{errors:?}"
    );
    // Neither node is ready: a balancer sends them no new players meanwhile.
    for node in &nodes {
        let ready = request(node.addr, "GET", "/readyz", None)
            .await
            .expect("readyz answers");
        assert_eq!(ready.status, 503, "{}", ready.body);
        assert!(ready.body.starts_with("not ready: "), "{}", ready.body);
    }
    // A game in memory can still be watched.
    let mut watcher =
        tokio::time::timeout(Duration::from_secs(1), join(&nodes[0], &table.id, None))
            .await
            .expect("a spectator joins within a second");
    let seen = settle(&mut watcher, Duration::from_millis(300), Settled::default()).await;
    assert_eq!(seen.moves.len(), table.acknowledged.len());
    tokio::time::sleep(lasts.saturating_sub(started.elapsed())).await;
    match outage {
        Outage::Stall => assert!(cluster.signal("CONT"), "the database goes on"),
        Outage::Restart => cluster.pg_ctl_start(),
    }
    // Play resumes by itself: the next moves are accepted once the nodes reconnect.
    let resumed = Instant::now();
    let mut made = 0;
    while made < 2 {
        assert!(
            resumed.elapsed() < Duration::from_secs(30),
            "play did not resume"
        );
        if table.play().await.is_empty() {
            made += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    // Both ready again, each with the database and its connection hearing the other.
    for node in &nodes {
        let mut ready = None;
        while resumed.elapsed() < Duration::from_secs(30) {
            let answer = request(node.addr, "GET", "/readyz", None)
                .await
                .expect("readyz answers");
            if answer.status == 200 {
                ready = Some(answer);
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        assert!(ready.is_some(), "the node is ready again");
    }
    stop.store(true, Ordering::Relaxed);
    let slowest = prober.await.expect("the prober");
    assert!(
        slowest < 1000,
        "a page took {slowest} ms (u64::MAX: no answer within 1 s)"
    );
    // Nothing acknowledged is lost, nothing is stored that was not asked for, and both
    // nodes show the stored game.
    let kept = stored(&url, &table.id);
    assert!(kept.no_hole(), "{kept:?}");
    assert!(
        subsequence(&table.acknowledged, &kept.moves)
            && kept.moves.len() <= table.acknowledged.len() + table.maybe,
        "acknowledged {:?} (and {} unanswered), stored {:?}",
        table.acknowledged,
        table.maybe,
        kept.moves
    );
    for i in 0..2 {
        let seen = table.look(i, Duration::from_millis(500)).await;
        assert_eq!(
            seen.moves,
            kept.moves,
            "seat {} shows the stored game",
            i + 1
        );
    }
    eprintln!("slowest page during the outage: {slowest} ms");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_database_stalled_for_30_seconds_is_an_answer_not_a_hang() {
    Box::pin(through(Outage::Stall)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_database_stopped_at_once_and_started_again_loses_nothing_acknowledged() {
    Box::pin(through(Outage::Restart)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_node_not_hearing_the_others_is_not_ready_until_it_listens_again() {
    let url = database("listen");
    let db = url.rsplit('/').next().expect("a database name").to_owned();
    let node = node(&url);
    let ready = |status: u16| {
        let addr = node.addr;
        async move {
            let answer = request(addr, "GET", "/readyz", None).await.expect("readyz");
            (answer.status == status).then_some(answer.body)
        }
    };
    // Listening starts as the node serves.
    let began = Instant::now();
    while ready(200).await.is_none() {
        assert!(began.elapsed() < Duration::from_secs(10), "never ready");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Its LISTEN connection cut by the database (as a restart of PostgreSQL or a proxy would).
    let admin = std::env::var("TABULEIRO_TEST_POSTGRES").expect("an admin URL");
    let cut = std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).expect("PostgreSQL");
        client
            .query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = $1 AND query LIKE 'LISTEN%'",
                &[&db],
            )
            .expect("cut")
            .len()
    })
    .join()
    .expect("cut");
    assert_eq!(cut, 1, "one listening connection");
    // Not ready while it reconnects (half a second at least), then ready again.
    let cut_at = Instant::now();
    let said = loop {
        assert!(cut_at.elapsed() < Duration::from_secs(2), "never not ready");
        if let Some(body) = ready(503).await {
            break body;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(said.contains("not hearing the other nodes"), "{said}");
    while ready(200).await.is_none() {
        assert!(
            cut_at.elapsed() < Duration::from_secs(10),
            "never ready again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
