

// ---- verigym sealed test harness ----
@@cfg@@#[doc(hidden)]
#[allow(warnings, unused, missing_docs, unreachable_pub, clippy::all)]
mod __vg_seal {
    extern crate std as __vg_std;
    use self::__vg_std::io::{BufRead, Write};
    use self::__vg_std::string::String;

    static CHANNEL: __vg_std::sync::OnceLock<
        __vg_std::sync::Mutex<__vg_std::option::Option<(String, __vg_std::fs::File)>>,
    > = __vg_std::sync::OnceLock::new();

    fn channel() -> &'static __vg_std::sync::Mutex<__vg_std::option::Option<(String, __vg_std::fs::File)>> {
        CHANNEL.get_or_init(|| {
            // Outcomes and messages come from the records; the default hook's report of each
            // panic (copied into libtest's capture, then printed again at the end) is what a
            // fix's 150 MiB panic message cost: minutes for one answer.
            __vg_std::panic::set_hook(__vg_std::boxed::Box::new(|_| {}));
            let mut secret = String::new();
            let _ = __vg_std::io::stdin().lock().read_line(&mut secret);
            let secret = String::from(secret.trim());
            let file = __vg_std::env::var_os("@@SEAL_PATH_ENV@@").and_then(|p| {
                __vg_std::fs::OpenOptions::new().create(true).append(true).open(p).ok()
            });
            __vg_std::sync::Mutex::new(file.filter(|_| secret.len() >= 32).map(|f| (secret, f)))
        })
    }

    fn key() -> String {
        let mut hex = String::new();
        for b in __vg_std::thread::current().name().unwrap_or("").bytes() {
            hex.push_str(&__vg_std::format!("{b:02x}"));
        }
        hex
    }

    fn record(event: &str, key: &str, message: &str) {
        let mut hex = String::new();
        for b in message.bytes().take(@@MESSAGE_CAP@@) {
            hex.push_str(&__vg_std::format!("{b:02x}"));
        }
        let mut guard = channel().lock().unwrap_or_else(|e| e.into_inner());
        if let __vg_std::option::Option::Some((secret, file)) = guard.as_mut() {
            let _ = __vg_std::writeln!(file, "{secret} {event} {key} {hex}");
            if event != "start" && event != "pass" && __vg_std::env::var_os("@@FAIL_FAST_ENV@@").is_some() {
                __vg_std::process::exit(@@FAIL_FAST_EXIT@@);
            }
        }
    }

    fn message(payload: &(dyn __vg_std::any::Any + __vg_std::marker::Send)) -> &str {
        if let __vg_std::option::Option::Some(s) = payload.downcast_ref::<&str>() {
            s
        } else if let __vg_std::option::Option::Some(s) = payload.downcast_ref::<String>() {
            s
        } else {
            "a panic with a non-string payload"
        }
    }

    fn start() -> String {
        // The secret is read before the first body runs: no code under test ever sees it.
        let _ = channel();
        let key = key();
        record("start", &key, "");
        key
    }

    fn panicked(key: &str, payload: &(dyn __vg_std::any::Any + __vg_std::marker::Send)) {
        let m = message(payload);
        if m == "@@FUEL_EXHAUSTED@@" {
            record("timeout", key, "");
        } else {
            record("fail", key, m);
        }
    }

    pub fn run(body: impl __vg_std::ops::FnOnce()) {
        let key = start();
        match __vg_std::panic::catch_unwind(__vg_std::panic::AssertUnwindSafe(body)) {
            __vg_std::result::Result::Ok(()) => record("pass", &key, ""),
            __vg_std::result::Result::Err(payload) => {
                panicked(&key, &*payload);
                __vg_std::panic::resume_unwind(payload);
            }
        }
    }

    pub fn run_result<E: __vg_std::fmt::Debug>(
        body: impl __vg_std::ops::FnOnce() -> __vg_std::result::Result<(), E>,
    ) -> __vg_std::result::Result<(), E> {
        let key = start();
        match __vg_std::panic::catch_unwind(__vg_std::panic::AssertUnwindSafe(body)) {
            __vg_std::result::Result::Ok(__vg_std::result::Result::Ok(())) => {
                record("pass", &key, "");
                __vg_std::result::Result::Ok(())
            }
            __vg_std::result::Result::Ok(__vg_std::result::Result::Err(e)) => {
                record("fail", &key, &__vg_std::format!("Error: {e:?}"));
                __vg_std::result::Result::Err(e)
            }
            __vg_std::result::Result::Err(payload) => {
                panicked(&key, &*payload);
                __vg_std::panic::resume_unwind(payload);
            }
        }
    }

    pub fn should_panic(expected: &str, body: impl __vg_std::ops::FnOnce()) {
        let key = start();
        match __vg_std::panic::catch_unwind(__vg_std::panic::AssertUnwindSafe(body)) {
            __vg_std::result::Result::Ok(()) => {
                record("fail", &key, "the test did not panic as `#[should_panic]` expects");
            }
            __vg_std::result::Result::Err(payload) => {
                let m = message(&*payload);
                if m == "@@FUEL_EXHAUSTED@@" {
                    record("timeout", &key, "");
                } else if m.contains(expected) {
                    record("pass", &key, "");
                } else {
                    record("fail", &key, &__vg_std::format!("panicked with `{m}`, not the expected `{expected}`"));
                }
                __vg_std::panic::resume_unwind(payload);
            }
        }
    }
}
