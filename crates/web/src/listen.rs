//! Accepting connections within limits: a cap on open connections, in all and per client
//! address (a WebSocket counts for as long as it is open); a deadline for each request's
//! headers, which also closes a kept-alive connection left idle; and every request served
//! with its client's address (for the rate of game creation).

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::hub::{Hub, lock};
use crate::limits::Limits;
use crate::metrics::{Connection, Limit, Metrics};

/// Open connections, in all and by client address.
#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection counted in [`Open`] (and in the metrics) until it is dropped.
#[derive(Debug)]
struct Permit {
    open: Arc<Mutex<Open>>,
    address: IpAddr,
    _counted: Option<crate::metrics::Held>,
}

impl Permit {
    /// Counts a new connection from `address` (with the others of its network,
    /// [`crate::limits::network_of`]), unless a cap is reached.
    fn admit(
        open: &Arc<Mutex<Open>>,
        address: IpAddr,
        limits: &Limits,
        metrics: Option<&Arc<Metrics>>,
    ) -> Option<Permit> {
        let address = crate::limits::network_of(address);
        let mut counts = lock(open);
        let from_address = counts.by_address.get(&address).copied().unwrap_or(0);
        let refused = if counts.total >= limits.max_connections {
            Some(Limit::Connections)
        } else if from_address >= limits.max_connections_per_address {
            Some(Limit::ConnectionsPerAddress)
        } else {
            None
        };
        if let Some(limit) = refused {
            if let Some(metrics) = metrics {
                metrics.refused(limit);
            }
            return None;
        }
        counts.total += 1;
        counts.by_address.insert(address, from_address + 1);
        Some(Permit {
            open: Arc::clone(open),
            address,
            _counted: metrics.map(|m| m.opened(Connection::Http)),
        })
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut counts = lock(&self.open);
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&self.address);
            }
        }
    }
}

/// A TCP connection that stays counted for as long as it exists, also once it has become a
/// WebSocket.
struct Counted {
    stream: TcpStream,
    _permit: Permit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Raises this process's soft limit on open files toward its hard limit, so that
/// `connections` connections (and the files a server keeps besides) can be open; returns the
/// limit now, or why it could not be raised.
///
/// # Errors
/// When the limit cannot be read or changed.
pub fn raise_open_files(connections: usize) -> io::Result<u64> {
    let wanted = u64::try_from(connections)
        .unwrap_or(u64::MAX)
        .saturating_add(OTHER_FILES);
    rlimit::increase_nofile_limit(wanted)
}

/// Files a server keeps open besides its connections: its database, logs, the listener,
/// the runtime's own.
pub const OTHER_FILES: u64 = 64;

/// The most bytes of a request's head (its line and headers) the server reads: a longer one
/// gets 431.
pub const HEADER_LIMIT: usize = 16 * 1024;

/// Accepts connections on `listener` for ever, each served by the routes of `hub` within the
/// hub's [`Limits`]. A connection beyond a cap is closed at once.
///
/// # Errors
/// Never in practice: failures to accept one connection are waited out.
pub async fn accept_loop(listener: TcpListener, hub: Arc<Hub>) -> io::Result<()> {
    let limits = hub.limits().clone();
    let metrics = hub.metrics().cloned();
    let trusted: Arc<[crate::proxies::TrustedProxy]> = limits.trusted_proxies.clone().into();
    let open = Arc::new(Mutex::new(Open::default()));
    let routes = crate::router(hub);
    loop {
        let (stream, client) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was accepted: wait
                // a little rather than spin.
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(permit) = Permit::admit(&open, client.ip(), &limits, metrics.as_ref()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted {
            stream,
            _permit: permit,
        });
        let trusted = Arc::clone(&trusted);
        let service = routes
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                // Behind a trusted proxy, the client it names (crate::proxies).
                let from = if trusted.is_empty() {
                    client
                } else {
                    let ip = crate::proxies::client_of(client.ip(), request.headers(), &trusted);
                    SocketAddr::new(ip, client.port())
                };
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(from));
                request
            });
        let service = TowerToHyperService::new(service);
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let served = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_buf_size(HEADER_LIMIT)
                .serve_connection(io, service)
                .with_upgrades();
            // A client that goes away or is too slow is no failure of the server.
            let _ = served.await;
        });
    }
}
