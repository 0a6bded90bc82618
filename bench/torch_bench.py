"""PyTorch reference for examples/bench.rs: the same cases on the same GPU, measured in the same
run. Prints `case,variant,ms` lines (median of CUDA-event timings after warm-ups; TF32 off, so
f32 matmuls are true f32). Usable alone: `python3 bench/torch_bench.py [case ...]`.
"""
import sys

import torch
import torch.nn.functional as F

N64 = 64 << 20
ROWS = COLS = 8192
D, FF = 576, 1536


def timed(fn, iters=50, warmup=10):
    for _ in range(warmup):
        fn()
    events = []
    for _ in range(iters):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        events.append((s, e))
    torch.cuda.synchronize()
    return sorted(s.elapsed_time(e) for s, e in events)[len(events) // 2]


def graphed(fn, iters=50):
    """The same work captured once and replayed (launch gaps gone)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    return timed(g.replay, iters)


def rand(*shape, dtype=torch.float32):
    return (torch.rand(*shape, device="cuda") * 2 - 1).to(dtype)


def mlp_block(x, g, wg, wu, wd, eps=1e-5):
    n = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * g
    h = F.silu(n @ wg) * (n @ wu)
    return x + h @ wd


def cases():
    x = rand(N64)
    yield "copy", "eager", lambda: x.clone()
    yield "axpb", "eager", lambda: x * 2.0 + 1.0
    m = rand(ROWS, COLS)
    g = rand(COLS)
    b = rand(COLS)
    yield "softmax", "eager", lambda: torch.softmax(m, -1)
    yield "rms_norm", "eager", lambda: m * torch.rsqrt(m.pow(2).mean(-1, keepdim=True) + 1e-5) * g
    yield "layer_norm", "eager", lambda: F.layer_norm(m, (COLS,), g, b, 1e-5)
    yield "row_sum", "eager", lambda: m.sum(-1)
    for dt, name in [(torch.float16, "f16"), (torch.bfloat16, "bf16"), (torch.float32, "f32")]:
        for n in [4096, 1024]:
            a, w = rand(n, n, dtype=dt), rand(n, n, dtype=dt)
            yield f"matmul_{name}_{n}", "eager", lambda a=a, w=w: a @ w
    for (mm, k, n) in [(240, 384, 1536), (240, 1536, 384), (1920, 384, 1536), (1920, 1536, 384)]:
        a, w = rand(mm, k), rand(n, k)
        yield f"linear_{mm}x{k}x{n}", "eager", lambda a=a, w=w: F.linear(a, w)
    for (k, n) in [(4096, 14336)]:
        a, w = rand(1, k, dtype=torch.float16), rand(n, k, dtype=torch.float16)
        yield f"decode_f16_1x{k}x{n}", "eager", lambda a=a, w=w: F.linear(a, w)
    layers = [(rand(D).abs() + 0.5, rand(D, FF) / D**0.5, rand(D, FF) / D**0.5, rand(FF, D) / FF**0.5) for _ in range(10)]
    x1 = rand(1, D)

    def mlp10():
        h = x1
        for (gg, wg, wu, wd) in layers:
            h = mlp_block(h, gg, wg, wu, wd)
        return h

    yield "mlp10_b1", "eager", mlp10
    yield "mlp10_b1", "cuda_graph", ("graph", mlp10)
    # The same layers with nn.Linear's [out, in] weights.
    layers_t = [(gg, wg.t().contiguous(), wu.t().contiguous(), wd.t().contiguous()) for (gg, wg, wu, wd) in layers]

    def mlp10t():
        h = x1
        for (gg, wg, wu, wd) in layers_t:
            n = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-5) * gg
            h = h + F.linear(F.silu(F.linear(n, wg)) * F.linear(n, wu), wd)
        return h

    yield "mlp10t_b1", "eager", mlp10t
    yield "mlp10t_b1", "cuda_graph", ("graph", mlp10t)
    x64 = rand(64, D)
    yield "mlp_b64", "eager", lambda: mlp_block(x64, *layers[0])
    yield "mlp_b64", "cuda_graph", ("graph", lambda: mlp_block(x64, *layers[0]))
    t = rand(1024)

    def chain():
        h = t
        for i in range(100):
            h = h * 0.5 if i % 2 else h + 1.0
        return h

    yield "chain100", "eager", chain
    yield "chain100", "cuda_graph", ("graph", chain)
    try:
        yield "chain100", "compiled", torch.compile(chain)
    except Exception as e:  # noqa: BLE001 - any compile failure just skips the case
        print(f"torch.compile skipped: {e}", file=sys.stderr)
    t2 = rand(1, 1024)

    def softmaxes():
        h = t2
        for _ in range(100):
            h = torch.softmax(h, -1)
        return h

    yield "softmax100", "eager", softmaxes
    yield "softmax100", "cuda_graph", ("graph", softmaxes)
    yield from minilm_cases()


def minilm_cases():
    """The MiniLM encoder (random weights, as the Forge case), fp32: eager, CUDA graph, compiled."""
    try:
        from transformers import BertConfig, BertModel
    except ImportError as e:
        print(f"minilm skipped: {e}", file=sys.stderr)
        return
    cfg = BertConfig(vocab_size=30522, hidden_size=384, num_hidden_layers=6, num_attention_heads=12,
                     intermediate_size=1536, hidden_act="gelu", max_position_embeddings=512)
    model = BertModel(cfg, add_pooling_layer=False).cuda().eval().float()
    for b in [8, 64]:
        ids = torch.randint(0, 30522, (b, 32), device="cuda")
        mask = torch.ones(b, 32, dtype=torch.long, device="cuda")

        def fwd(model=model, ids=ids, mask=mask):
            with torch.no_grad():
                h = model(input_ids=ids, attention_mask=mask).last_hidden_state
                e = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
                return F.normalize(e, dim=-1)

        yield f"minilm_b{b}", "eager", fwd
        yield f"minilm_b{b}", "cuda_graph", ("graph", fwd)
        try:
            compiled = torch.compile(model)

            def cfwd(compiled=compiled, ids=ids, mask=mask):
                with torch.no_grad():
                    h = compiled(input_ids=ids, attention_mask=mask).last_hidden_state
                    e = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
                    return F.normalize(e, dim=-1)

            yield f"minilm_b{b}", "compiled", cfwd
        except Exception as e:  # noqa: BLE001 - any compile failure just skips the case
            print(f"torch.compile skipped: {e}", file=sys.stderr)


def main():
    if not torch.cuda.is_available():
        print("no CUDA device", file=sys.stderr)
        sys.exit(1)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    wanted = set(sys.argv[1:])
    for case, variant, fn in cases():
        if wanted and case not in wanted:
            continue
        if isinstance(fn, tuple):
            ms = graphed(fn[1])
        else:
            ms = timed(fn)
        print(f"{case},{variant},{ms:.6f}", flush=True)


if __name__ == "__main__":
    main()
