use forge::prelude::*;

forge_graph! {
    pub graph Stencils {
        dims { M, K, N, H, W }
        input a:   f32[M, K];
        input b:   f32[K, N];
        input img: f32[H, W];
        output c:    f32[M, N];
        output blur: f32[H, W];
        output rmax: f32[M];

        c[i, j] = sum(k, a[i, k] * b[k, j]);
        blur[i, j] = (fill(img[i - 1, j - 1], 0.0) + fill(img[i - 1, j], 0.0) + fill(img[i - 1, j + 1], 0.0)
                    + edge(img[i, j - 1])          + img[i, j]                + edge(img[i, j + 1])
                    + wrap(img[i + 1, j - 1])      + wrap(img[i + 1, j])      + wrap(img[i + 1, j + 1])) / 9.0;
        rmax[i] = max(k, a[i, k]);
    }
}

fn main() -> forge::Result<()> {
    let ctx = Context::cpu();
    let mut g = Stencils::new(&ctx, StencilsDims { m: 2, k: 3, n: 2, h: 3, w: 3 })?;
    let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
    let img = [9.0; 9];
    let out = g.run(StencilsInputs { a: &a, b: &b, img: &img })?;
    assert_eq!(out.c, vec![4.0, 5.0, 10.0, 11.0]);
    // Zero padding above (the top row and the corners' columns read 0), edges and wraps elsewhere.
    assert_eq!(out.blur, vec![6.0, 6.0, 6.0, 8.0, 9.0, 8.0, 8.0, 9.0, 8.0]);
    assert_eq!(out.rmax, vec![3.0, 6.0]);
    Ok(())
}
