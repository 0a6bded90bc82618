use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, C, H, W, O, OH, OW }
        input x: f32[B, C, H, W];
        weight w: f32[O, C, 3, 3];
        output y: f32[B, O, OH, OW];
        output p: f32[B, C, OH, OW];
        output q: f32[B, C, OH, OW];
        output r: f32[B, O, OH, OW];
        output d: f32[B, C, OH, OW];
        // Options are integer literals (or (height, width) pairs) or flags, and `avg_pool` has no
        // `dilation` (nor has PyTorch's).
        y = conv2d(x, w, stride = 0, padding = H);
        p = avg_pool(x, kernel = 2, dilation = 2);
        q = max_pool(x, kernel = 2, ceil_mode = 1);
        // `precision` names one of matmul's.
        r = conv2d(x, w, padding = 1, precision = fp16);
        // `groups` is a literal or a declared dim.
        d = conv2d(x, w, padding = 1, groups = CC);
    }
}

fn main() {}
