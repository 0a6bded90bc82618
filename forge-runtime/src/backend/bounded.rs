//! A map of at most a fixed number of entries, the least recently used evicted first: the
//! compiled-code caches of a context (wgpu pipelines, CUDA modules) live as long as the process
//! and would otherwise grow with every distinct kernel ever built. Evicting drops only the
//! cache's handle; instances keep their own.

use std::collections::HashMap;
use std::hash::Hash;

/// A least-recently-used map of at most `capacity` entries.
#[derive(Debug)]
pub struct Bounded<K, V> {
    entries: HashMap<K, (V, u64)>,
    clock: u64,
    capacity: usize,
}

impl<K: Hash + Eq + Clone, V: Clone> Bounded<K, V> {
    pub fn new(capacity: usize) -> Self {
        Bounded { entries: HashMap::new(), clock: 0, capacity: capacity.max(1) }
    }

    /// The value of `key`, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        self.clock += 1;
        let clock = self.clock;
        self.entries.get_mut(key).map(|(v, used)| {
            *used = clock;
            v.clone()
        })
    }

    /// Keeps `value` under `key` unless one is there already (the kept value is returned), then
    /// evicts the least recently used entries past the capacity.
    pub fn insert(&mut self, key: K, value: V) -> V {
        self.clock += 1;
        let clock = self.clock;
        let kept = self.entries.entry(key).or_insert((value, clock)).0.clone();
        while self.entries.len() > self.capacity {
            // Linear in the capacity, once per compilation past it: negligible next to compiling.
            let Some(oldest) = self.entries.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| k.clone()) else {
                break;
            };
            self.entries.remove(&oldest);
        }
        kept
    }

    /// Drops every entry whose key fails `keep`.
    #[allow(dead_code)]
    pub fn retain(&mut self, mut keep: impl FnMut(&K) -> bool) {
        self.entries.retain(|k, _| keep(k));
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_at_most_its_capacity_least_recently_used_out_first() {
        let mut m = Bounded::new(3);
        for k in 0..3 {
            assert_eq!(m.insert(k, k * 10), k * 10);
        }
        assert_eq!(m.get(&0), Some(0));
        assert_eq!(m.insert(3, 30), 30);
        assert_eq!(m.len(), 3);
        assert_eq!(m.get(&1), None, "1 was the least recently used");
        assert_eq!(m.get(&0), Some(0));
        assert_eq!(m.insert(0, 99), 0, "an entry already there is kept");
        for k in 100..1000 {
            m.insert(k, k);
        }
        assert_eq!(m.len(), 3);
        m.retain(|k| *k != 999);
        assert_eq!(m.len(), 2);
    }
}
