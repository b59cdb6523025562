//! # guoxiang-wasm
//!
//! `guoxiang-engine` for the browser. Built for `wasm32-unknown-unknown` (by
//! `crates/server/build.rs`) it is a module with a plain `extern "C"` interface
//! that `web/src/engine/worker.ts` drives from a Web Worker. One engine per
//! module instance, one thread (the search spawns no helper thread when
//! `threads` is 1, and nothing else in it does).
//!
//! **Imports** (module `env`): `gx_now_ms() -> f64`, a monotonic clock in
//! milliseconds (`performance.now()`, see `guoxiang_engine::clock`), and
//! `gx_emit(ptr, len)`, which receives each output line (UTF-8, see [`line`]).
//!
//! **Exports** — numbers only; strings travel through memory from `gx_alloc`:
//!
//! | function | does |
//! |---|---|
//! | `gx_alloc(len) -> ptr`, `gx_free(ptr, len)` | a buffer for a string |
//! | `gx_new(hash_mb) -> 0` | a new engine (and session) at the start position |
//! | `gx_position(ptr, len) -> 0 \| -1` | analyse this FEN (-1: refused, an `error …` line says why) |
//! | `gx_search(depth, multipv, nodes, movetime_ms) -> depth` | search to `depth` (nodes, movetime ≤ 0: none); the depth finished, -1 without an engine |
//! | `gx_clear()` | empty the hash table |
//! | `gx_bench(depth, hash_mb) -> nodes` | the engine's `bench`, for speed measurements |
//!
//! The logic lives in [`session`], which is plain Rust and tested natively.

pub mod line;
pub mod session;

#[cfg(target_arch = "wasm32")]
mod exports {
    use crate::line;
    use crate::session::{Request, Session};
    use std::alloc::{alloc, dealloc, Layout};
    use std::sync::Mutex;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        fn gx_emit(ptr: *const u8, len: usize);
    }

    /// The module's one session (the module runs on one thread).
    static SESSION: Mutex<Option<Session>> = Mutex::new(None);

    fn emit(s: &str) {
        // SAFETY: the host reads `len` bytes at `ptr` during the call only.
        unsafe { gx_emit(s.as_ptr(), s.len()) }
    }

    fn with_session<T>(f: impl FnOnce(&mut Session) -> T) -> Option<T> {
        let mut g = SESSION.lock().unwrap_or_else(|e| e.into_inner());
        g.as_mut().map(f)
    }

    /// The layout of a `gx_alloc(len)` buffer (never zero-sized).
    fn layout(len: usize) -> Option<Layout> {
        Layout::array::<u8>(len.max(1)).ok()
    }

    #[no_mangle]
    pub extern "C" fn gx_alloc(len: usize) -> *mut u8 {
        match layout(len) {
            // SAFETY: the layout is valid and not zero-sized.
            Some(l) => unsafe { alloc(l) },
            None => std::ptr::null_mut(),
        }
    }

    /// # Safety
    /// `ptr` came from `gx_alloc(len)` with this `len` and is not used afterwards.
    #[no_mangle]
    pub unsafe extern "C" fn gx_free(ptr: *mut u8, len: usize) {
        if let (false, Some(l)) = (ptr.is_null(), layout(len)) {
            dealloc(ptr, l);
        }
    }

    #[no_mangle]
    pub extern "C" fn gx_new(hash_mb: u32) -> i32 {
        let mut g = SESSION.lock().unwrap_or_else(|e| e.into_inner());
        *g = None; // free the old table before taking the new one
        *g = Some(Session::new(hash_mb as usize));
        0
    }

    /// # Safety
    /// `ptr..ptr+len` is readable memory of this module.
    #[no_mangle]
    pub unsafe extern "C" fn gx_position(ptr: *const u8, len: usize) -> i32 {
        let bytes = std::slice::from_raw_parts(ptr, len);
        let Ok(fen) = std::str::from_utf8(bytes) else {
            emit("error the FEN is not UTF-8");
            return -1;
        };
        match with_session(|s| s.set_position(fen)) {
            Some(Ok(())) => 0,
            Some(Err(e)) => {
                emit(&format!("error {e}"));
                -1
            }
            None => {
                emit("error no engine (gx_new first)");
                -1
            }
        }
    }

    #[no_mangle]
    pub extern "C" fn gx_search(depth: i32, multipv: i32, nodes: f64, movetime_ms: f64) -> i32 {
        let req = Request {
            depth,
            multipv: multipv.max(1) as usize,
            nodes: (nodes >= 1.0).then_some(nodes as u64),
            movetime: (movetime_ms > 0.0).then(|| Duration::from_secs_f64(movetime_ms / 1000.0)),
        };
        with_session(|s| s.search(&req, &mut |l| emit(l)).depth).unwrap_or(-1)
    }

    #[no_mangle]
    pub extern "C" fn gx_clear() {
        with_session(|s| s.clear());
    }

    #[no_mangle]
    pub extern "C" fn gx_bench(depth: i32, hash_mb: u32) -> f64 {
        let r = guoxiang_engine::bench::run(depth, hash_mb.max(1) as usize);
        emit(&line::bench(&r, depth));
        r.nodes as f64
    }
}
