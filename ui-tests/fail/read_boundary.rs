use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { H, W }
        input img: f32[H, W];
        output a: f32[H, W];
        output b: f32[H, W];
        // One error a read (its first subscript that leaves), none for the said or guarded reads.
        a[i, j] = img[i - 1, j + 1] + fill(img[i + 1, j], 0.0) + select(i > 0, img[i - 1, j], 0.0);
        b[i, j] = img[i, j + 2];
    }
}

fn main() {}
