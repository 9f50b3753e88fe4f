
#[doc(hidden)]
#[allow(dead_code)]
mod __vg_seal {
    use ::std::io::{BufRead, Write};

    static CHANNEL: ::std::sync::OnceLock<
        ::std::sync::Mutex<::std::option::Option<(::std::string::String, ::std::fs::File)>>,
    > = ::std::sync::OnceLock::new();

    fn channel() -> &'static ::std::sync::Mutex<::std::option::Option<(::std::string::String, ::std::fs::File)>> {
        CHANNEL.get_or_init(|| {
            let mut secret = ::std::string::String::new();
            let _ = ::std::io::stdin().lock().read_line(&mut secret);
            let secret = secret.trim().to_owned();
            let file = ::std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open("@@SEAL_FILE@@")
                .ok();
            ::std::sync::Mutex::new(file.filter(|_| secret.len() >= 32).map(|f| (secret, f)))
        })
    }

    fn record(event: ::std::fmt::Arguments<'_>) {
        let mut guard = channel().lock().unwrap_or_else(|e| e.into_inner());
        if let ::std::option::Option::Some((secret, file)) = guard.as_mut() {
            let _ = ::std::writeln!(file, "{secret} {event}");
        }
    }

    pub fn run(i: usize, body: impl ::std::ops::FnOnce()) {
        // The secret is read before the first body runs: no code under test ever sees it.
        let _ = channel();
        record(::std::format_args!("start {i}"));
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(body)) {
            ::std::result::Result::Ok(()) => record(::std::format_args!("pass {i}")),
            ::std::result::Result::Err(payload) => {
                let message: &str = if let ::std::option::Option::Some(s) = payload.downcast_ref::<&str>() {
                    s
                } else if let ::std::option::Option::Some(s) = payload.downcast_ref::<::std::string::String>() {
                    s
                } else {
                    "a panic with a non-string payload"
                };
                if message == "@@FUEL_EXHAUSTED@@" {
                    record(::std::format_args!("timeout {i}"));
                } else {
                    let mut hex = ::std::string::String::new();
                    for b in message.bytes().take(@@MESSAGE_CAP@@) {
                        hex.push_str(&::std::format!("{b:02x}"));
                    }
                    record(::std::format_args!("fail {i} {hex}"));
                }
                ::std::panic::resume_unwind(payload);
            }
        }
    }
}
