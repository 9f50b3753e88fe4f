//! `verigym serve` as a child process on a free loopback port, for the load generators: started
//! with extra flags, its address read from its ready line, killed when dropped.

use std::io::Read;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// A running server, killed when dropped.
pub struct Server {
    /// The child process.
    pub child: Child,
    /// `host:port` it listens on.
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the release binary with `extra` flags and waits for its ready line.
pub fn start_server(extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .env("VERIGYM_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("starting verigym serve");
    let mut out = child.stdout.take().unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while out.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let ready: Value = serde_json::from_slice(&line).expect("the server's ready line");
    Server {
        child,
        addr: ready["listening"].as_str().unwrap().to_owned(),
    }
}
