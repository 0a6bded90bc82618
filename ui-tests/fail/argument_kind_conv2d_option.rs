use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, C, H, W, O, OH, OW }
        input x: f32[B, C, H, W];
        weight w: f32[O, C, 3, 3];
        output y: f32[B, O, OH, OW];
        output p: f32[B, C, OH, OW];
        // Options are integer literals (or (height, width) pairs), and `max_pool` has no `dilation`.
        y = conv2d(x, w, stride = 0, padding = H);
        p = max_pool(x, kernel = 2, dilation = 2);
    }
}

fn main() {}
