// An index of the target ranges over its dim and may read a prefix of a longer axis (with dim
// symbols that is checked when the graph is instantiated); a shorter literal axis is an error.
use forge::prelude::*;

forge_graph! {
    pub graph G {
        input a: f32[4, 8];
        input b: f32[4, 8];
        output t: f32[4, 8];
        t[i, j] = a[i, j] + b[j, i];
    }
}

fn main() {}
