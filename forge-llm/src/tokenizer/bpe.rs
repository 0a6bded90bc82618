//! Byte-level BPE merging inside one pre-tokenized word: start from one token per byte and
//! repeatedly merge the adjacent pair with the lowest merge rank, as GPT-2 and llama.cpp do.
//! A heap of candidate pairs keeps long words (a run of thousands of spaces) O(n log n).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Merge ranks keyed by the pair of token ids: (rank, id of the merged token).
pub(crate) type Merges = HashMap<(u32, u32), (u32, u32)>;

#[derive(Clone, Copy)]
struct Symbol {
    id: u32,
    prev: usize,
    next: usize,
    alive: bool,
}

const NONE: usize = usize::MAX;

/// Appends the tokens of `word` to `out`: `byte_ids[b]` is the token of byte `b`.
pub(crate) fn merge_word(word: &[u8], byte_ids: &[u32; 256], merges: &Merges, out: &mut Vec<u32>) {
    let n = word.len();
    if n == 1 {
        out.push(byte_ids[word[0] as usize]);
        return;
    }
    let mut symbols: Vec<Symbol> = word
        .iter()
        .enumerate()
        .map(|(i, &b)| Symbol {
            id: byte_ids[b as usize],
            prev: if i == 0 { NONE } else { i - 1 },
            next: if i + 1 == n { NONE } else { i + 1 },
            alive: true,
        })
        .collect();
    // Candidates: (rank, left position, left id, right id); ties go to the leftmost pair.
    let mut heap = BinaryHeap::new();
    let push = |heap: &mut BinaryHeap<_>, symbols: &[Symbol], left: usize| {
        let right = symbols[left].next;
        if right == NONE {
            return;
        }
        if let Some(&(rank, _)) = merges.get(&(symbols[left].id, symbols[right].id)) {
            heap.push(Reverse((rank, left, symbols[left].id, symbols[right].id)));
        }
    };
    for i in 0..n - 1 {
        push(&mut heap, &symbols, i);
    }
    while let Some(Reverse((_, left, left_id, right_id))) = heap.pop() {
        let right = symbols[left].next;
        // Skip candidates made stale by an earlier merge of either side.
        if !symbols[left].alive || right == NONE || symbols[left].id != left_id || symbols[right].id != right_id {
            continue;
        }
        let Some(&(_, merged)) = merges.get(&(left_id, right_id)) else { continue };
        symbols[left].id = merged;
        symbols[right].alive = false;
        let after = symbols[right].next;
        symbols[left].next = after;
        if after != NONE {
            symbols[after].prev = left;
        }
        let before = symbols[left].prev;
        if before != NONE {
            push(&mut heap, &symbols, before);
        }
        push(&mut heap, &symbols, left);
    }
    let mut at = 0;
    while at != NONE {
        out.push(symbols[at].id);
        at = symbols[at].next;
    }
}
