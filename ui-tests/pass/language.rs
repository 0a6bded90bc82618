// The language's smaller forms, one node each: literals `inf`/`true`/`false`, indices as values,
// affine and sub-range subscripts, keepdim reductions and a `[R]` value into a `[R, 1]` target,
// `erf`/`gelu`/`gelu_tanh`, `bf16` storage, rank-N matmul with a transposed operand, a derived
// dim (`W = 2 * C + 1`: computed, so not a field of `FormsDims`).
use forge::prelude::*;

forge_graph! {
    pub graph Forms {
        dims { B, R, C, K, W = 2 * C + 1 }
        input  x:   f32[R, C];
        input  big: f32[R, W];
        input  a:   f32[B, R, K];
        input  b:   f32[B, C, K];
        weight wb:  bf16[R, C];
        temp   m:   f32[R, 1];
        temp   s:   f32[R, 1];
        temp   tri: f32[R, R];
        temp   win: f32[R, C];
        temp   act: f32[R, C];
        temp   ok:  u32[R, C];
        output y:   f32[B, R, C];
        output z:   f32[R, C];
        output low: bf16[R, C];
        output top: u32[R];

        m = mean(x, keepdim = true);
        s = sum(x * x);
        tri[i, j] = select(j > i, -inf, (i - j) as f32);
        win[i, j] = big[i, 2 * j + 1] + tri[i, i];
        act = erf(x) + gelu(x) - gelu_tanh(x) + (x - m) / sqrt(s + 1e-6) + wb as f32 + win;
        ok = select(act > -inf && true, 1, 0) * select(false, 0, 1);
        y = matmul(a, transpose(b)) + act;
        z = act * (ok as f32);
        low = z as bf16;
        top = argmax(z);
    }
}

fn main() {
    let _ = FormsDims { b: 2, r: 3, c: 4, k: 5 };
}
