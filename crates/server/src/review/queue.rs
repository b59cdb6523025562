//! A bounded queue of jobs for plain threads: a request first reserves a place
//! ([`Queue::try_reserve`], refused when the queue is full), then fills it once the
//! job is stored ([`Queue::fill`]) or gives it back ([`Queue::release`]). Workers
//! wait in [`Queue::pop`] until a job comes or the queue is closed. Jobs found in
//! the database at start are queued past the bound ([`Queue::push`]): none is lost.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};

/// Jobs waiting for a worker, at most `bound` of them (reserved places included).
pub struct Queue<T> {
    state: Mutex<State<T>>,
    ready: Condvar,
    bound: usize,
}

struct State<T> {
    items: VecDeque<T>,
    reserved: usize,
    closed: bool,
}

impl<T> Queue<T> {
    pub fn new(bound: usize) -> Queue<T> {
        Queue {
            state: Mutex::new(State {
                items: VecDeque::new(),
                reserved: 0,
                closed: false,
            }),
            ready: Condvar::new(),
            bound,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A worker that panicked holding the lock left the queue consistent.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reserves a place: `false` when the queue is full (or closed).
    ///
    /// ```
    /// use guoxiang_server::review::queue::Queue;
    /// let q = Queue::new(2);
    /// assert!(q.try_reserve() && q.try_reserve());
    /// assert!(!q.try_reserve(), "full");
    /// q.fill("a");
    /// q.release();
    /// assert!(q.try_reserve(), "a place given back");
    /// assert_eq!(q.pop(), Some("a"));
    /// ```
    pub fn try_reserve(&self) -> bool {
        let mut s = self.lock();
        if s.closed || s.items.len() + s.reserved >= self.bound {
            return false;
        }
        s.reserved += 1;
        true
    }

    /// Puts `item` in a place reserved before.
    pub fn fill(&self, item: T) {
        let mut s = self.lock();
        s.reserved = s.reserved.saturating_sub(1);
        s.items.push_back(item);
        drop(s);
        self.ready.notify_one();
    }

    /// Gives back a place reserved before.
    pub fn release(&self) {
        let mut s = self.lock();
        s.reserved = s.reserved.saturating_sub(1);
    }

    /// Queues `item` whatever the bound.
    pub fn push(&self, item: T) {
        self.lock().items.push_back(item);
        self.ready.notify_one();
    }

    /// The next job, waiting for one; `None` once the queue is closed.
    pub fn pop(&self) -> Option<T> {
        let mut s = self.lock();
        loop {
            if s.closed {
                return None;
            }
            if let Some(item) = s.items.pop_front() {
                return Some(item);
            }
            s = self.ready.wait(s).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Jobs waiting (reserved places included).
    pub fn len(&self) -> usize {
        let s = self.lock();
        s.items.len() + s.reserved
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Wakes every worker to stop; jobs still waiting stay in the database.
    pub fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_full_queue_refuses_until_a_worker_takes_a_job() {
        let q = Queue::new(3);
        for n in 0..3 {
            assert!(q.try_reserve());
            q.fill(n);
        }
        assert!(!q.try_reserve());
        q.push(99);
        assert_eq!(q.len(), 4, "jobs found at start go past the bound");
        assert_eq!(q.pop(), Some(0));
        assert!(!q.try_reserve(), "still four waiting");
        assert_eq!(q.pop(), Some(1));
        assert!(q.try_reserve());
    }

    #[test]
    fn closing_wakes_a_waiting_worker() {
        let q: Arc<Queue<u8>> = Arc::new(Queue::new(1));
        let worker = {
            let q = q.clone();
            std::thread::spawn(move || q.pop())
        };
        std::thread::sleep(std::time::Duration::from_millis(50));
        q.close();
        assert_eq!(worker.join().ok(), Some(None));
        assert!(!q.try_reserve(), "a closed queue takes nothing");
    }
}
