//! Per-kernel build work (NVRTC compiles, module loads, wgpu pipeline builds) spread over the
//! host's cores.

use crate::error::{Error, Result};

/// `f` on every item, the items shared out to one thread per core (a thread takes the next
/// item when it finishes one, so a slow item does not hold back the rest). Results are in item
/// order; the error is the first in item order; a thread that panics is `Error::Internal`.
pub(crate) fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> Result<R> + Sync) -> Result<Vec<R>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, Result<R>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        out.push((i, f(item)));
                    }
                    out
                })
            })
            .collect();
        let mut done = Vec::with_capacity(items.len());
        for w in workers {
            done.extend(w.join().map_err(|_| Error::Internal("a build thread panicked".into()))?);
        }
        Ok::<_, Error>(done)
    })?;
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_in_order_and_the_first_error_wins() {
        let items: Vec<u32> = (0..50).collect();
        assert_eq!(super::map(&items, |&i| Ok(i * 2)).unwrap(), (0..50).map(|i| i * 2).collect::<Vec<_>>());
        let r = super::map(&items, |&i| if i % 7 == 3 { Err(crate::Error::Internal(format!("{i}"))) } else { Ok(i) });
        assert!(matches!(r, Err(crate::Error::Internal(m)) if m == "3"));
        assert!(super::map(&[] as &[u32], |&i| Ok(i)).unwrap().is_empty());
    }
}
