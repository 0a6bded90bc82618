#[test]
fn picks_compile() {
    use forge::lower::cuda::{emit_program_for, CudaTarget};
    let shapes =
        [(64usize, 64usize), (128, 4288), (192, 5696), (320, 5696), (448, 6400), (64, 2176), (128, 4288), (192, 2880)];
    for arch in [(9u32, 0u32), (8, 0)] {
        for (batched, nmajor) in [(false, false), (false, true), (true, false), (true, true)] {
            if arch == (8, 0) && batched {
                continue;
            }
            for (m, n) in shapes {
                let (lead, dims) = if batched { ("2, 2, ", "P, Q, ") } else { ("", "") };
                let _ = lead;
                let (w, prod) = if nmajor {
                    (format!("bf16[{dims}K, N]"), "matmul(a, w)")
                } else {
                    (format!("bf16[{dims}N, K]"), "matmul(a, transpose(w))")
                };
                let src = format!("graph Mm {{ dims {{ P, Q, M, N, K }} input a: bf16[{dims}M, K]; weight w: {w}; output y: bf16[{dims}M, N]; y = {prod}; }}");
                let graph = forge::parse_graph_source(&src).unwrap();
                let plan = forge::lower::lower(&graph, &[2, 2, m, n, 1024]).unwrap();
                let target = CudaTarget::new(arch, if arch == (9, 0) { 132 } else { 108 });
                let program = emit_program_for(&plan, &target).unwrap();
                let variants: Vec<_> = program.functions.iter().flatten().filter_map(|f| f.variant.clone()).collect();
                let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap();
                let p = std::env::temp_dir().join("t_sq.ptx");
                std::fs::write(&p, &ptx).unwrap();
                let out = std::process::Command::new(std::env::var("FORGE_PTXAS").unwrap())
                    .args([&format!("-arch={}", program.arch), p.to_str().unwrap(), "-o", "/tmp/t.cubin"])
                    .output()
                    .unwrap();
                eprintln!(
                    "RES {arch:?} b{batched} nm{nmajor} {m}x{n}: {variants:?} ok={} {}",
                    out.status.success(),
                    String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("")
                );
            }
        }
    }
}
