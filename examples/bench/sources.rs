//! Graph sources the benchmark and `wgpu_run_cost` share: the SwiGLU MLP (one block, or a
//! stack of layers) and chains of dependent statements.

/// The pre-norm SwiGLU MLP block (`layers == 1`), or `L` of them looped over stacked weights
/// (dims `B, D, F, L`).
pub fn mlp_source(layers: usize) -> String {
    if layers == 1 {
        return "graph Mlp { dims { B, D, F }
            input x: f32[B, D]; weight g: f32[D]; weight w_gate: f32[D, F]; weight w_up: f32[D, F];
            weight w_down: f32[F, D]; temp n: f32[B, D]; temp h: f32[B, F]; output y: f32[B, D];
            n = rms_norm(x, g, 1e-5);
            h = silu(matmul(n, w_gate)) * matmul(n, w_up);
            y = x + matmul(h, w_down);
        }"
        .into();
    }
    mlp_stack_source(layers, false)
}

/// `L` MLP blocks looped over stacked weights (dims `B, D, F, L`), with the weights as declared
/// for `n · w` (`w_gate`, `w_up` `[L, D, F]`, `w_down` `[L, F, D]`) or, `torch_layout`, as
/// PyTorch's `nn.Linear` stores them (`[out, in]`), multiplied through `transpose`.
pub fn mlp_stack_source(layers: usize, torch_layout: bool) -> String {
    let lp = if layers > 1 { "L, " } else { "" };
    let (open, close, at) = if layers > 1 { ("for l in 0..L {", "}", "[l]") } else { ("", "", "") };
    let (name, into_f, into_d) = if torch_layout { ("MlpT", "F, D", "D, F") } else { ("Mlp", "D, F", "F, D") };
    let w = |name: &str| if torch_layout { format!("transpose({name}{at})") } else { format!("{name}{at}") };
    let (gate, up, down) = (w("w_gate"), w("w_up"), w("w_down"));
    format!(
        "graph {name} {{ dims {{ B, D, F{} }}
            input x: f32[B, D]; weight g: f32[{lp}D]; weight w_gate: f32[{lp}{into_f}]; weight w_up: f32[{lp}{into_f}];
            weight w_down: f32[{lp}{into_d}]; temp h: f32[B, F]; temp n: f32[B, D]; temp r: f32[B, D]; output y: f32[B, D];
            r = x;
            {open}
                n = rms_norm(r, g{at}, 1e-5);
                h = silu(matmul(n, {gate})) * matmul(n, {up});
                r = r + matmul(h, {down});
            {close}
            y = r;
        }}",
        if layers > 1 { ", L" } else { "" }
    )
}

/// `nodes` dependent statements over 1024 floats: elementwise ones (which fuse), or softmaxes
/// (one kernel each: what a launch costs).
pub fn chain_source(nodes: usize, softmax: bool) -> String {
    let mut s = String::from("graph Chain { dims { N } input x: f32[1, N]; output y: f32[1, N];\n");
    for i in 1..nodes {
        s += &format!("temp t{i}: f32[1, N];\n");
    }
    for i in 1..=nodes {
        let src = if i == 1 { "x".to_string() } else { format!("t{}", i - 1) };
        let dst = if i == nodes { "y".to_string() } else { format!("t{i}") };
        let value = match (softmax, i % 2 == 0) {
            (true, _) => format!("softmax({src})"),
            (false, true) => format!("{src} * 0.5"),
            (false, false) => format!("{src} + 1.0"),
        };
        s += &format!("{dst} = {value};\n");
    }
    s + "}"
}
