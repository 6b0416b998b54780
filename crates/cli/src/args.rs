//! The command line, as clap reads it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use tabuleiro_web::limits::Limits;

use crate::numbers;

/// Play Quantik and other abstract strategy games against people and computer players.
#[derive(Debug, Parser)]
#[command(name = "tabuleiro", version, about, long_about = None)]
pub struct Cli {
    /// Use the plain line-based menu even on a terminal (it is used anyway when standard
    /// input or output is not a terminal).
    #[arg(long, global = true)]
    pub plain: bool,
    /// What to do; with none, the interactive menu opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The solved table of a game that has one (Nudge): read from FILE if it exists, else built
    /// and saved there (default: nudge-5x5.table in $TABULEIRO_TABLES, else
    /// $XDG_CACHE_HOME/tabuleiro, else ~/.cache/tabuleiro).
    #[arg(long, global = true, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// An engine that speaks the engine protocol (docs/engine-protocol.md), started as
    /// COMMAND; NAME is then read wherever a level is (`NAME:think=MS` gives it MS per move,
    /// 1000 by default). Repeatable. Engines named in $XDG_CONFIG_HOME/tabuleiro/engines.toml
    /// (`name = "command"`) are known too, and shown in the menus.
    #[arg(long = "engine", global = true, value_name = "NAME=COMMAND")]
    pub engines: Vec<String>,
    /// Append both sides of every engine's conversation to FILE.
    #[arg(long, global = true, value_name = "FILE")]
    pub engine_log: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the interactive menu, as with no arguments (full screen on a terminal, unless --plain).
    Menu,
    /// Play one game; human moves are read from standard input, one per line.
    Play(PlayArgs),
    /// Show each position of a saved game in turn.
    Replay(ReplayArgs),
    /// List the legal moves at the start, or after the moves of a record, one per line.
    Moves(MovesArgs),
    /// Count move sequences of each length 1..DEPTH from the start.
    Perft(PerftArgs),
    /// Play computer levels against each other, alternating who starts.
    Match(MatchArgs),
    /// A round robin of paired matches between several levels, with Elo estimates.
    Tournament(TournamentArgs),
    /// Solve a game's starting position with perfect play (Nudge: the whole table, every start).
    Solve(SolveArgs),
    /// The best move of a position and its evaluation; for solved games, every move's value.
    Analyse(AnalyseArgs),
    /// Puzzles proved by perfect play or by search: generate a game's, rate the levels on them.
    Puzzles(PuzzlesArgs),
    /// Measure random playouts and search speed.
    Bench(BenchArgs),
    /// Print a game's rules.
    Rules(GameArg),
    /// List the games and their options.
    List,
    /// Serve every game in the browser (HTTP + WebSocket); open the printed address.
    Serve(ServeArgs),
    /// Load benchmark of the web server: scripted clients play many games at once over
    /// loopback WebSockets; prints moves per second and latencies.
    BenchWeb(BenchWebArgs),
    /// Answer the engine protocol (docs/engine-protocol.md) on standard input and output, so
    /// that another program can play against a level.
    Engine(EngineArgs),
    /// Copy the database of a server's data folder to a new file, consistently even while the
    /// server serves it, and check the copy (SQLite; PostgreSQL: see docs/deploy.md).
    Backup(BackupArgs),
    /// Put a backup in place as the database of a data folder (stop its server first).
    Restore(RestoreArgs),
    /// Connect an engine (docs/engine-protocol.md) to a tabuleiro server as a bot player: it
    /// accepts the lobby's challenges that welcome bots and plays them through the protocol.
    Bot(BotArgs),
}

/// Arguments of `backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The server's data folder, as given to `serve --data` (default: serve's default,
    /// $XDG_DATA_HOME/tabuleiro, else ~/.local/share/tabuleiro).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The file to write (it must not exist).
    pub file: PathBuf,
}

/// Arguments of `restore`.
#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup to restore.
    pub file: PathBuf,
    /// The data folder to restore it into (default: serve's default).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Replace a database that is there (it is kept beside, as
    /// games.sqlite3.before-restore-SECONDS).
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// Threads each computer move searches on, 1 to 256 (default: every core; at most the
    /// computer pool, `--computer-threads`, whose threads all computer moves share).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Folder of the games database (default: $XDG_DATA_HOME/tabuleiro, else
    /// ~/.local/share/tabuleiro).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Store the games in PostgreSQL instead, e.g. postgres://tabuleiro@db:5432/tabuleiro
    /// (several servers may share one); the schema is created or migrated at start-up.
    #[arg(
        long,
        value_name = "URL",
        env = "TABULEIRO_DATABASE",
        conflicts_with = "data"
    )]
    pub database: Option<String>,
    /// An origin besides the server's own whose pages may create and join games, e.g.
    /// `https://play.example.org` (repeatable; by default only the server's own page may).
    #[arg(long = "allow-origin", value_name = "ORIGIN", value_parser = tabuleiro_web::origin::normalise)]
    pub allow_origin: Vec<String>,
    /// A name this server is reached by, e.g. `play.example.org` (repeatable): requests whose
    /// `Host` is neither an address, `localhost` nor such a name get 421 (against DNS
    /// rebinding); a page served as `https://` this name (a TLS proxy in front) is the
    /// server's own.
    #[arg(long = "public-host", value_name = "NAME", value_parser = tabuleiro_web::origin::public_host)]
    pub public_host: Vec<String>,
    /// A reverse proxy (an address, or a network such as 10.0.0.0/8; repeatable) whose
    /// `X-Forwarded-For` names the client: every per-client limit then counts that client,
    /// not the proxy. A header from anyone else is ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR[/BITS]", value_parser = tabuleiro_web::proxies::TrustedProxy::parse)]
    pub trusted_proxy: Vec<tabuleiro_web::proxies::TrustedProxy>,
    /// Let players of one client network accept each other's rated challenges (by default
    /// refused: two names of one person would farm ratings). For a server behind a proxy
    /// that hides client addresses, or a club on one network.
    #[arg(long)]
    pub rated_within_network: bool,
    /// Challenges the players of one client network may have open in the lobby at once (0:
    /// no cap; behind a proxy that hides client addresses, raise it or set 0).
    #[arg(long, value_name = "N", default_value_t = Limits::default().challenges_per_network)]
    pub challenges_per_network: usize,
    /// Games one client address may create per minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = Limits::default().creations_per_minute)]
    pub creations_per_minute: u32,
    /// Open connections (HTTP and WebSocket) in all; one more is closed at once.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Open connections from one client address.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections_per_address)]
    pub max_connections_per_address: usize,
    /// Spectators one game may have at once.
    #[arg(long, value_name = "N", default_value_t = Limits::default().spectators_per_game)]
    pub spectators_per_game: usize,
    /// Computer moves and hints searched at once (default: the number of cores); more wait
    /// their turn.
    #[arg(long, value_name = "N", value_parser = numbers::at_least_one)]
    pub computer_threads: Option<usize>,
    /// Computer moves, hints and analyses one client network (an IPv4 address, an IPv6 /64)
    /// may have waiting for the computers or searching at once; more wait behind them.
    #[arg(long, value_name = "N", default_value_t = Limits::default().computer_share, value_parser = numbers::at_least_one)]
    pub computer_share: usize,
    /// Messages one WebSocket may send a second, in bursts of twice as many (0: no limit); a
    /// client past it is told why and closed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().messages_per_second)]
    pub messages_per_second: u32,
    /// With --database: workers taking queued computer moves of any game (default: the
    /// number of cores; 0: this node serves pages and moves and leaves the computers to
    /// other nodes).
    #[arg(long, value_name = "N", requires = "database")]
    pub workers: Option<usize>,
    /// With --database: serve no page, only make the queued computer moves of the games other
    /// nodes serve (a worker-only node).
    #[arg(long, requires = "database")]
    pub worker_only: bool,
    /// Seconds a client has to send a request's headers (also the longest an idle kept-alive
    /// HTTP connection is kept).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().header_timeout.as_secs_f64(), value_parser = numbers::seconds)]
    pub header_timeout: f64,
    /// Seconds a request's body may take to arrive after its headers: a slower one gets 408.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().body_timeout.as_secs_f64(), value_parser = numbers::seconds)]
    pub body_timeout: f64,
    /// Seconds a new WebSocket has to join its game.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().join_timeout.as_secs_f64(), value_parser = numbers::seconds)]
    pub join_timeout: f64,
    /// Seconds a WebSocket may stay silent (it is pinged at a third of this) before it is
    /// closed as gone.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().idle_timeout.as_secs_f64(), value_parser = numbers::seconds)]
    pub idle_timeout: f64,
    /// Seconds any database call may take; past it the change is refused ("the game store is
    /// unavailable; try again") and pages and games in memory go on being served.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().store_timeout.as_secs_f64(), value_parser = numbers::seconds)]
    pub database_timeout: f64,
    /// Connections to PostgreSQL in this node's pool.
    #[arg(long, value_name = "N", default_value_t = Limits::default().database_pool, value_parser = numbers::at_least_one)]
    pub database_pool: usize,
    /// How log lines are written to standard error: `text`, or `json` (one object a line,
    /// with the game and connection of each) for log collectors. `RUST_LOG` filters them.
    #[arg(long, value_name = "text|json", default_value = "text")]
    pub log_format: tabuleiro_web::logs::LogFormat,
    /// Where Prometheus reads the metrics (`http://ADDR/metrics`), an address of its own,
    /// never the public port; `off`: no metrics (docs/deploy.md lists them).
    #[arg(long, value_name = "ADDR|off", default_value = "127.0.0.1:9464", value_parser = MetricsAddr::parse)]
    pub metrics_addr: MetricsAddr,
    /// Read these settings from a TOML file whose keys are the long names of these options
    /// (`addr = "0.0.0.0:8080"`, `public-host = ["play.example.org"]`); an environment
    /// variable `TABULEIRO_<NAME>` (e.g. `TABULEIRO_MAX_CONNECTIONS`) overrides the file, and
    /// a flag overrides both.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// `serve --metrics-addr`: an address, or none (`off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricsAddr(pub Option<std::net::SocketAddr>);

impl MetricsAddr {
    /// `off`, or an address such as `127.0.0.1:9464`.
    fn parse(text: &str) -> Result<Self, String> {
        match text.trim() {
            "off" => Ok(Self(None)),
            addr => addr.parse().map(|a| Self(Some(a))).map_err(|_| {
                format!("`{text}` is neither `off` nor an address such as 127.0.0.1:9464")
            }),
        }
    }
}

/// Arguments of `engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The level that plays: random, greedy, `strong[:think=MS][:depth=D][:iters=N]`,
    /// perfect, or a name of the ladder (easy, medium, hard).
    #[arg(long, default_value = "hard")]
    pub level: String,
}

/// Arguments of `bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server, e.g. `https://play.example.org` (TLS, its certificate checked against the
    /// system's roots and --ca-file) or `http://127.0.0.1:8080`.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// A PEM file of certificates to trust besides the system's: a server whose certificate
    /// one made oneself.
    #[arg(long, value_name = "FILE")]
    pub ca_file: Option<PathBuf>,
    /// The key of the player the bot plays for, or the link that holds it (the name menu's "A
    /// key for another browser", or `POST /api/me/key`);
    /// better given in $TABULEIRO_BOT_KEY, which other users of the machine cannot list. The
    /// player is shown as a bot from then on.
    #[arg(long, env = "TABULEIRO_BOT_KEY", hide_env_values = true)]
    pub key: String,
    /// The games it accepts, separated by commas, e.g. `quantik,nudge` (default: every game).
    #[arg(long, value_name = "GAMES")]
    pub accept: Option<String>,
    /// Time the engine is given for each move, ms (less when its clock has less left).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = numbers::think_ms)]
    pub think_ms: u64,
    /// Stop after this many games (default: play until stopped).
    #[arg(long, value_name = "N", value_parser = numbers::at_least_one)]
    pub games: Option<usize>,
    /// The most games played at once, each with an engine process of its own.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::at_least_one)]
    pub concurrency: usize,
    /// The engine's program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Arguments of `bench-web`.
#[derive(Debug, Args)]
pub struct BenchWebArgs {
    /// Games played at once (at least 1).
    #[arg(long, default_value_t = 500, value_parser = numbers::at_least_one)]
    pub games: usize,
    /// The game, e.g. `quantik` (default: the first game of the menu that two play with
    /// nothing hidden).
    #[arg(long)]
    pub game: Option<String>,
    /// Folder of the benchmark's database (default: a new temporary folder, removed after).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// How commits reach the disk: `full` (synced before a move is acknowledged, as the
    /// server does) or `normal` (to measure what `full` costs).
    #[arg(long, default_value = "full", value_name = "full|normal")]
    pub durability: tabuleiro_web::store::Durability,
    /// Instead of playing: store this many finished games, start `tabuleiro serve` on them,
    /// and report its start-up time and resident memory.
    #[arg(long, value_name = "N", value_parser = numbers::at_least_one)]
    pub stored: Option<usize>,
    /// Play the games twice: once alone, then while hostile clients hold idle connections,
    /// open WebSockets that never join, flood game creation and crowd games with spectators
    /// (the server then runs with its default limits); prints both.
    #[arg(long)]
    pub adversarial: bool,
    /// With --adversarial: how long the honest games against the computer play at least in
    /// each run, in seconds (the attacks start 12 s before the second run's games, past the
    /// server's write timeout, whatever this is).
    #[arg(long, value_name = "S", default_value_t = 20, requires = "adversarial")]
    pub computer_seconds: u64,
    /// Store the games in this PostgreSQL database instead of a folder.
    #[arg(long, value_name = "URL", conflicts_with = "data")]
    pub database: Option<String>,
    /// Server nodes on the database (more than one needs --database): each game's seats
    /// play through two different nodes.
    #[arg(long, default_value_t = 1, value_parser = numbers::at_least_one)]
    pub nodes: usize,
    /// Play the games on this running server instead (repeatable: each game's seats on two of
    /// them): any build's `tabuleiro serve`, started with `--creations-per-minute 0` and
    /// connection caps above twice the games, measured by the same clients.
    #[arg(long = "server", value_name = "ADDR", conflicts_with_all = ["database", "adversarial", "stored"])]
    pub servers: Vec<std::net::SocketAddr>,
    /// Play each game through the lobby on this real-time clock, e.g. `3+2` (minutes +
    /// seconds a turn), or `none`: players with names post and accept challenges, and on a
    /// clock the clients check each clock at the end against the time they measured.
    #[arg(long, value_name = "M+S|none", value_parser = clock_of)]
    pub lobby: Option<LobbyClock>,
    /// With --lobby: rated challenges (each game rated at its end, the change shown to its
    /// players) instead of casual ones.
    #[arg(long, requires = "lobby")]
    pub rated: bool,
    /// Run the benchmark this many times, then print the figures of all the runs together
    /// (moves over their time, quantiles of all their latencies); with --lobby on a clock,
    /// each run is followed by the same run through the lobby without clocks and by one of
    /// games by their links, and the three are compared.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::at_least_one, conflicts_with_all = ["adversarial", "stored"])]
    pub repeat: usize,
    /// Each scripted player waits this long before each move, as a person would (0: moves
    /// at once, the most load).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub pause_ms: u64,
    /// Print `phase: playing` when every game has joined and `phase: played` when the last
    /// has ended, as they happen: a script reading the servers' CPU can then count the
    /// moves' alone (`scripts/node-cost`).
    #[arg(long)]
    pub phases: bool,
    /// The metrics' cost: each run (of --repeat) is made with the server's metrics recorded
    /// and read every second, then without, and the two are compared.
    #[arg(long, conflicts_with_all = ["adversarial", "stored", "servers"])]
    pub metrics_cost: bool,
}

/// The clock of `bench-web --lobby`: minutes and seconds a turn, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyClock(pub Option<(u32, u32)>);

/// `3+2` as (3, 2), `none` as none.
fn clock_of(text: &str) -> Result<LobbyClock, String> {
    if text.trim() == "none" {
        return Ok(LobbyClock(None));
    }
    let (minutes, seconds) = text
        .split_once('+')
        .ok_or_else(|| format!("`{text}` is not a clock: minutes+seconds, e.g. 3+2"))?;
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{text}` is not a clock: minutes+seconds, e.g. 3+2"))
    };
    Ok(LobbyClock(Some((number(minutes)?, number(seconds)?))))
}

/// A game id with its options.
#[derive(Debug, Args)]
pub struct GameOptions {
    /// The game, e.g. `quantik` (see `tabuleiro list`).
    pub game: String,
    /// A game option, as name=value (repeatable), e.g. `-o first=2`; some long values may be
    /// kept in a file, e.g. Pushee's `-o values=board.txt` (one row of digits per line).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Number of players (default: the game's minimum).
    #[arg(long)]
    pub players: Option<usize>,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game and options.
    #[command(flatten)]
    pub game: GameOptions,
    /// Who plays seat 1: human, or a computer level. The menu's ladder, weakest first:
    /// random, easy (= greedy), medium (= strong:think=100), hard (= strong:think=1000),
    /// perfect (games solved here only); or any level by its settings:
    /// `strong[:think=MS][:depth=D][:iters=N][:threads=T]`.
    #[arg(long, default_value = "human")]
    pub p1: String,
    /// Who plays seat 2 (as --p1).
    #[arg(long, default_value = "human")]
    pub p2: String,
    /// Threads each `strong` search uses when its level does not say (`strong:threads=N`),
    /// 1 to 256 (default: every core).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Who plays seat 3, in games of more players (as --p1).
    #[arg(long, default_value = "human")]
    pub p3: String,
    /// Who plays seat 4, in games of more players (as --p1).
    #[arg(long, default_value = "human")]
    pub p4: String,
    /// Seed of the game's chance and of the computer players (default: from the operating
    /// system's random source). A game of hidden information (Q!nto) shows it only at its end.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Thinking time of `strong` players and engines, in milliseconds (1 to 86400000).
    #[arg(long, value_name = "MS", value_parser = numbers::think_ms)]
    pub think_ms: Option<u64>,
    /// Save the game record (JSON) here when the game ends or input runs out.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A saved game record (JSON), or JSON lines of records (one game per line).
    pub file: PathBuf,
}

/// Arguments of `moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Game and options (ignored with --record, which holds its own).
    #[command(flatten)]
    pub game: GameOptions,
    /// List the moves after the moves of this record.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Print one JSON list of the moves' texts instead of one move per line.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Game and options.
    #[command(flatten)]
    pub game: GameOptions,
    /// Deepest sequence length to count (at least 1).
    #[arg(value_parser = numbers::depth)]
    pub depth: u32,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Game and options.
    #[command(flatten)]
    pub game: GameOptions,
    /// Level of player A: random, greedy, `strong[:think=MS][:depth=D][:iters=N][:threads=T]`,
    /// perfect, or a name of the ladder (easy, medium, hard).
    pub a: String,
    /// Level of player B (every seat but A's, in games of more players).
    pub b: String,
    /// Threads each `strong` search uses when its level does not say (`strong:threads=N`),
    /// 1 to 256 (default: 1, so that every game budgeted by depth or iterations replays
    /// exactly from its seed; give every core, or `strong:threads=N`, for strength).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Number of games, at least 1 (A starts the even-numbered ones; with more players A's
    /// seat rotates).
    #[arg(long, default_value_t = 10, value_parser = numbers::at_least_one)]
    pub games: usize,
    /// Base seed; game i uses a seed derived from it (printed per game with --verbose).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Thinking time of `strong` players and engines without their own, in milliseconds (1 to 86400000).
    #[arg(long, value_name = "MS", value_parser = numbers::think_ms)]
    pub think_ms: Option<u64>,
    /// Print a line per game.
    #[arg(long, short)]
    pub verbose: bool,
    /// Paired games: each seed is played twice with the seats swapped (the tournament format;
    /// for games decided by summed scores, such as Taiji, each pair then counts as one result
    /// and the number of games must be even).
    #[arg(long)]
    pub paired: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game, e.g. `quantik` (see `tabuleiro list`); with --merge, read from the files.
    #[arg(required_unless_present = "merge")]
    pub game: Option<String>,
    /// A game option, as name=value (repeatable), e.g. `-o size=7`.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The levels, separated by commas, e.g. `random,greedy,strong:think=100`.
    #[arg(long, value_delimiter = ',', required_unless_present_any = ["results", "merge"])]
    pub agents: Vec<String>,
    /// Play nothing: show the table (and draw `--plot`) of an earlier run saved with `--json`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["agents", "json", "csv", "merge"])]
    pub results: Option<std::path::PathBuf>,
    /// Play only share I of N of the games (`--shard 2/3`), with the seeds they have in the
    /// whole tournament; save it with `--json` and join the shares with `--merge`.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["results", "merge"])]
    pub shard: Option<tabuleiro_ai::tournament::Shard>,
    /// Play nothing: join the `--json` files of every shard of one tournament into the table,
    /// ratings and files (`--json`, `--csv`, `--plot`) of the whole tournament.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "agents")]
    pub merge: Vec<std::path::PathBuf>,
    /// Threads to play games on, 1 to 1024 (default: every core).
    #[arg(long, value_parser = numbers::jobs)]
    pub jobs: Option<usize>,
    /// Threads each `strong` search uses when its level does not say (`strong:threads=N`),
    /// 1 to 256 (default: 1, since the games are played in parallel).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Games per pairing, at least 1 (each seed is played twice with the seats swapped; for
    /// games decided by summed scores, such as Taiji, each pair counts as one result and the
    /// number must be even).
    #[arg(long, default_value_t = 20, value_parser = numbers::at_least_one)]
    pub games: usize,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Thinking time of `strong` players and engines without their own, in milliseconds (1 to 86400000).
    #[arg(long, value_name = "MS", value_parser = numbers::think_ms)]
    pub think_ms: Option<u64>,
    /// Who meets whom: everyone (`round-robin`) or neighbours in the order given (`ladder`).
    #[arg(long, value_enum, default_value_t = ScheduleArg::RoundRobin)]
    pub schedule: ScheduleArg,
    /// Write the full results as JSON to FILE (`-`: print them instead of the table).
    #[arg(long, value_name = "FILE")]
    pub json: Option<std::path::PathBuf>,
    /// Write one CSV row per game to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Draw the ratings with their intervals to FILE (`.svg` or `.png`).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
}

/// Who meets whom in a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScheduleArg {
    /// Every agent meets every other one.
    RoundRobin,
    /// Only neighbours in the order given meet (a ladder of levels, weakest first).
    Ladder,
}

/// Arguments of `analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// Game and options (the record, if given, must be of this game and holds its own options).
    #[command(flatten)]
    pub game: GameOptions,
    /// Analyse the position reached by this record (default: the starting position).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Analyse the position after this many moves of the record (default: its last).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
    /// Search budget in milliseconds (1 to 86400000).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = numbers::think_ms)]
    pub think_ms: u64,
    /// Threads the search uses,
    /// 1 to 256 (default: every core).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Seed of the search's tie-breaking.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Game and options.
    #[command(flatten)]
    pub game: GameOptions,
    /// For games solved as a whole table (Nudge): save the table to FILE (default: `--table`,
    /// else the default table file).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// The subcommands of `puzzles`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find and prove a game's puzzles in games of the ladder's levels (and in finished games
    /// given with --records), written as JSON lines.
    Generate(PuzzleGenerateArgs),
    /// The ladder's levels solve a puzzle file's puzzles as players, rated by Glicko-2 against
    /// them: prints each level's puzzle rating.
    Levels(PuzzleLevelsArgs),
}

/// Arguments of `puzzles generate`.
#[derive(Debug, Args)]
pub struct PuzzleGenerateArgs {
    /// The game, e.g. `quantik`.
    pub game: String,
    /// Puzzles wanted.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Write the puzzles to FILE (default: standard output, the summary on standard error).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Look first in these finished games: a record, or JSON lines of records (as the web
    /// server's `/api/players/{id}/games` gives them).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Seed of the ladder's games.
    #[arg(long, default_value_t = 53)]
    pub seed: u64,
    /// Give up after this many games.
    #[arg(long, default_value_t = 100_000)]
    pub max_games: usize,
}

/// Arguments of `puzzles levels`.
#[derive(Debug, Args)]
pub struct PuzzleLevelsArgs {
    /// A puzzle file, as `puzzles generate` writes it.
    pub file: PathBuf,
    /// The levels, weakest first.
    #[arg(long, default_value = "random,easy,medium,hard")]
    pub levels: String,
    /// Puzzles each level attempts.
    #[arg(long, default_value_t = 500)]
    pub attempts: usize,
    /// Seed of the levels' players.
    #[arg(long, default_value_t = 53)]
    pub seed: u64,
}

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Game and options.
    #[command(flatten)]
    pub game: GameOptions,
    /// Seconds spent on each measurement: above 0, at most 86400.
    #[arg(long, default_value_t = 1.0, value_parser = numbers::seconds)]
    pub seconds: f64,
    /// Also measure the parallel searches on 1, 2, 4, … up to N threads (nodes, iterations
    /// and samples per second, and the speed-up over one thread).
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Just a game id.
#[derive(Debug, Args)]
pub struct GameArg {
    /// The game, e.g. `quantik`.
    pub game: String,
}
