//! The limits that let a server face the internet, and the per-address rate of game creation.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The most challenges the players of one client network may have open at once, by default
/// ([`Limits::challenges_per_network`]).
pub const OPEN_PER_NETWORK: usize = 6;

/// A real-time challenge whose poster has had no page of the site open for this long is gone
/// (the default of [`Limits::lobby_gone_after`]).
pub const GONE_AFTER: Duration = Duration::from_secs(20);

/// How long one write to a connection may take: a client that stops reading (its socket's
/// buffers full) is closed after it, rather than holding what waits to reach it.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The server's limits, with their defaults (each is a `tabuleiro serve` option).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// How long a real-time challenge stays in the lobby once its poster has no page of the
    /// site open (default [`GONE_AFTER`]); each node notes the players with a page open every
    /// quarter of it. Tests shorten it.
    pub lobby_gone_after: Duration,
    /// Origins besides the server's own whose pages may create and join games
    /// (`--allow-origin`, repeatable; default none).
    pub allowed_origins: Vec<String>,
    /// Names this server answers to besides its addresses and `localhost`
    /// (`--public-host`, repeatable): any other `Host` gets 421.
    pub public_hosts: Vec<String>,
    /// Games one client address may create per minute, in bursts of as many
    /// (`--creations-per-minute`, default 60; 0: no limit).
    pub creations_per_minute: u32,
    /// Open connections (HTTP and WebSocket) in all (`--max-connections`, default 5,000);
    /// one more is closed at once.
    pub max_connections: usize,
    /// Open connections from one client address (`--max-connections-per-address`,
    /// default 64).
    pub max_connections_per_address: usize,
    /// Time a client has to send a request's headers, and the longest a kept-alive HTTP
    /// connection may wait idle for its next request (`--header-timeout`, default 10 s).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive once its headers have (`--body-timeout`,
    /// default 10 s): a slower one gets 408 and its connection is closed.
    pub body_timeout: Duration,
    /// Time a new WebSocket has to join its game (`--join-timeout`, default 10 s).
    pub join_timeout: Duration,
    /// Time a WebSocket may stay silent (the server pings it at a third of this, and browsers
    /// answer pings by themselves) before it is closed as gone (`--idle-timeout`, default
    /// 120 s).
    pub idle_timeout: Duration,
    /// Spectators one game may have at once (`--spectators-per-game`, default 200).
    pub spectators_per_game: usize,
    /// Threads searching computer moves, hints and analyses at once (`--computer-threads`,
    /// default: the number of cores): each search holds as many as it searches on
    /// (`--threads`, [`tabuleiro_ai::threads::default`]); more wait their turn, and one whose
    /// game was resigned or changed meanwhile is dropped. Every level the web offers thinks for a bounded time (`hard`: 1 s).
    pub computer_threads: usize,
    /// Computer moves, hints and analyses one client network may have waiting for the
    /// computer pool or searching at once (`--computer-share`, default 2): more wait behind
    /// them, out of the pool's queue, so one network cannot fill the queue ahead of everyone
    /// else. A computer move counts for the network that first opened its game; on a shared
    /// database, where computer moves wait in the database's queue, the workers of every node
    /// skip the moves of a network holding this many claims.
    pub computer_share: usize,
    /// Messages one WebSocket may send a second, in bursts of twice as many
    /// (`--messages-per-second`, default 50; 0: no limit): a client past it is told why and
    /// closed. A page sends one message a move, and stepping through a game's history with a
    /// key held down sends about 30 a second.
    pub messages_per_second: u32,
    /// Workers that take queued computer moves from a database several nodes share
    /// (`--workers`, default: as many as `computer_threads`; 0: a node that serves pages and
    /// moves only). Unused on a database of one node, where the node holding a game thinks
    /// for its computers.
    pub workers: usize,
    /// The longest a database call may take (`--database-timeout`, default 5 s): past it, the
    /// change is refused with "the game store is unavailable; try again", and the page and
    /// every game in memory go on being served.
    pub store_timeout: Duration,
    /// Connections to PostgreSQL in the node's pool (`--database-pool`, default 16); unused
    /// with SQLite, which writes on one thread of its own.
    pub database_pool: usize,
    /// Whether a rated challenge may be accepted from the network it was posted from
    /// (`--rated-within-network`; default no: two names of one person would farm each other's
    /// ratings). Behind a proxy that hides client addresses every client is one network:
    /// allow it there, or for a club that plays on one network.
    pub rated_within_network: bool,
    /// Challenges the players of one client network may have open in the lobby at once
    /// (`--challenges-per-network`, default [`OPEN_PER_NETWORK`]; 0: no cap).
    pub challenges_per_network: usize,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`): every
    /// per-client limit counts that client ([`crate::proxies`]); none by default.
    pub trusted_proxies: Vec<crate::proxies::TrustedProxy>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            lobby_gone_after: GONE_AFTER,
            allowed_origins: Vec::new(),
            public_hosts: Vec::new(),
            creations_per_minute: 60,
            max_connections: 5_000,
            max_connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            join_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_mins(2),
            spectators_per_game: 200,
            computer_threads: std::thread::available_parallelism().map_or(2, usize::from),
            computer_share: 2,
            messages_per_second: 50,
            workers: std::thread::available_parallelism().map_or(2, usize::from),
            store_timeout: Duration::from_secs(5),
            database_pool: 16,
            rated_within_network: false,
            challenges_per_network: OPEN_PER_NETWORK,
            trusted_proxies: Vec::new(),
        }
    }
}

impl Limits {
    /// No limit on creation or connections from one address: for benchmarks that play many
    /// games from one address.
    pub fn unlimited() -> Self {
        Limits {
            creations_per_minute: 0,
            max_connections: usize::MAX,
            max_connections_per_address: usize::MAX,
            spectators_per_game: usize::MAX,
            messages_per_second: 0,
            rated_within_network: true,
            challenges_per_network: 0,
            ..Limits::default()
        }
    }
}

/// The network a client address counts as, for every per-address limit: an IPv4 address
/// alone, an IPv6 address by its /64 (one subscriber's network: its owner has billions of
/// addresses in it), an IPv4 address written as IPv6 as the IPv4 address.
pub fn network_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                IpAddr::V4(v4)
            } else {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        }
    }
}

/// A token bucket per client network ([`network_of`]): each creation takes a token; tokens
/// come back at `per_minute` a minute, up to `per_minute`. Buckets that have filled up again
/// are forgotten by a sweep every 10 s (every second when more than 10,000 networks are
/// remembered), so the work per request stays constant and the memory bounded by the networks
/// that created games in the last minute.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: HashMap<IpAddr, (f64, Instant)>,
    swept: Option<Instant>,
}

/// Networks remembered before a sweep comes sooner than [`SWEEP`].
const REMEMBERED: usize = 10_000;

/// How often full buckets are forgotten.
const SWEEP: Duration = Duration::from_secs(10);

impl RateLimiter {
    /// A limiter of `per_minute` (0: no limit).
    pub fn new(per_minute: u32) -> Self {
        RateLimiter {
            per_minute,
            buckets: HashMap::new(),
            swept: None,
        }
    }

    /// How many networks it remembers.
    pub fn remembered(&self) -> usize {
        self.buckets.len()
    }

    /// Takes a token for `address` at `now`; when there is none, how long until there is.
    ///
    /// # Errors
    /// The wait before the next token.
    pub fn take(&mut self, address: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let rate = capacity / 60.0;
        let since = self
            .swept
            .map_or(Duration::MAX, |at| now.saturating_duration_since(at));
        let due = if self.buckets.len() >= REMEMBERED {
            since >= Duration::from_secs(1)
        } else {
            since >= SWEEP
        };
        if due {
            self.buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * rate < capacity
            });
            self.swept = Some(now);
        }
        let (tokens, at) = self
            .buckets
            .entry(network_of(address))
            .or_insert((capacity, now));
        let refilled =
            (*tokens + now.saturating_duration_since(*at).as_secs_f64() * rate).min(capacity);
        *at = now;
        if refilled >= 1.0 {
            *tokens = refilled - 1.0;
            Ok(())
        } else {
            *tokens = refilled;
            Err(Duration::from_secs_f64((1.0 - refilled) / rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_allowed_then_one_creation_per_interval() {
        let mut limiter = RateLimiter::new(3);
        let address: IpAddr = [192, 0, 2, 1].into();
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.take(address, start), Ok(()));
        }
        let wait = limiter.take(address, start).unwrap_err();
        assert!(
            wait > Duration::from_secs(19) && wait <= Duration::from_secs(20),
            "{wait:?}"
        );
        // Another address has its own bucket.
        assert_eq!(limiter.take([192, 0, 2, 2].into(), start), Ok(()));
        // A token comes back every 20 s.
        assert_eq!(
            limiter.take(address, start + Duration::from_millis(20_100)),
            Ok(())
        );
        assert!(
            limiter
                .take(address, start + Duration::from_secs(21))
                .is_err()
        );
    }

    #[test]
    fn zero_means_no_limit() {
        let mut limiter = RateLimiter::new(0);
        let now = Instant::now();
        for _ in 0..1000 {
            assert_eq!(limiter.take([192, 0, 2, 1].into(), now), Ok(()));
        }
    }

    #[test]
    fn an_ipv6_network_of_64_bits_shares_one_bucket() {
        let mut limiter = RateLimiter::new(2);
        let now = Instant::now();
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("an address");
        let same: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().expect("an address");
        let next: IpAddr = "2001:db8:1:3::1".parse().expect("an address");
        assert_eq!(limiter.take(one, now), Ok(()));
        assert_eq!(limiter.take(same, now), Ok(()));
        assert!(limiter.take(same, now).is_err(), "the /64 has used its two");
        assert_eq!(
            limiter.take(next, now),
            Ok(()),
            "the next /64 is another network"
        );
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("an address");
        assert_eq!(network_of(mapped), IpAddr::from([192, 0, 2, 7]));
        assert_eq!(
            network_of([192, 0, 2, 7].into()),
            IpAddr::from([192, 0, 2, 7])
        );
    }

    #[test]
    fn full_buckets_are_forgotten_by_a_sweep_not_on_every_request() {
        let mut limiter = RateLimiter::new(60);
        let start = Instant::now();
        for i in 0..20_000_u32 {
            let address = IpAddr::from((0x0a00_0000 + i).to_be_bytes());
            assert_eq!(limiter.take(address, start), Ok(()));
        }
        // One sweep ran (the first request), then none within the second: all remembered.
        assert_eq!(limiter.remembered(), 20_000);
        // A minute later every bucket is full again: the next request sweeps them away.
        let later = start + Duration::from_secs(61);
        assert_eq!(limiter.take([192, 0, 2, 1].into(), later), Ok(()));
        assert_eq!(limiter.remembered(), 1);
    }
}
