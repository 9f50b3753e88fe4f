//! The accept loop: HTTP/1.1 connections with a header-read timeout (slow clients are dropped),
//! and a graceful stop that drains in-flight requests within a deadline.

use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

use super::Limits;

/// Serves connections until `shutdown` completes, then waits up to the drain deadline for open
/// requests to finish. Idle keep-alive connections are closed at once.
pub async fn accept_until(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    // Upgraded connections (episode websockets) are not `GracefulConnection`s, so the drain is
    // done here: a watch channel tells every connection to finish its in-flight request, and each
    // connection task holds a sender of `open`, whose receiver sees the end once all are gone.
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let (open, mut all_closed) = tokio::sync::mpsc::channel::<()>(1);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(a) => a,
                    Err(e) => {
                        // Out of file descriptors and the like: back off instead of spinning.
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(router.clone());
                // Upgrades carry the episode websockets (`/openenv/ws`).
                let connection = builder
                    .serve_connection(TokioIo::new(stream), service)
                    .with_upgrades();
                let mut stopping = stopping.clone();
                let open = open.clone();
                tokio::spawn(async move {
                    let _open = open;
                    let mut connection = std::pin::pin!(connection);
                    let result = tokio::select! {
                        result = connection.as_mut() => result,
                        _ = stopping.changed() => {
                            connection.as_mut().graceful_shutdown();
                            connection.await
                        }
                    };
                    if let Err(e) = result {
                        tracing::debug!(%peer, error = %e, "connection closed with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    drop(open);
    tracing::info!("shutting down: draining in-flight requests");
    let _ = stop.send(true);
    tokio::select! {
        _ = all_closed.recv() => tracing::info!("drained"),
        () = tokio::time::sleep(limits.drain_timeout) => {
            tracing::warn!(seconds = limits.drain_timeout.as_secs_f64(), "drain deadline passed; closing the remaining connections");
        }
    }
}
