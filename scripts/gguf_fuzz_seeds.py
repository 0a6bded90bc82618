"""Writes the GGUF fuzz seeds (fuzz/seeds-gguf/) with llama.cpp's own Python writer, so the
seeds also check Forge's reader against another implementation (forge-runtime's gguf tests
read them back). Needs `pip install gguf numpy`. Run from the repository root."""

import numpy as np
from gguf import GGMLQuantizationType, GGUFWriter

rng = np.random.default_rng(0)


def write(path, alignment=None, quantized=True):
    w = GGUFWriter(path, "llama")
    if alignment is not None:
        w.add_custom_alignment(alignment)
    w.add_block_count(2)
    w.add_embedding_length(32)
    w.add_head_count(4)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_tokenizer_model("gpt2")
    w.add_token_list(["<|endoftext|>", "a", "b", "ab", "Ġ"])
    w.add_token_types([3, 1, 1, 1, 1])
    w.add_token_merges(["a b"])
    w.add_bool("tokenizer.ggml.add_bos_token", False)
    w.add_array("nested", [[1, 2], ["x"]])
    w.add_float64("f64", 0.25)
    w.add_int64("i64", -5)
    w.add_tensor("norm", np.arange(32, dtype=np.float32))
    w.add_tensor("half", np.linspace(-1, 1, 64, dtype=np.float16).reshape(2, 32))
    if quantized:
        # One Q4_1 block and one Q8_0 block of raw bytes (the writer derives the element shape).
        q41 = rng.integers(0, 256, size=(1, 20), dtype=np.uint8)
        q41[0, 0:4] = np.array([0.25, -1.0], dtype=np.float16).view(np.uint8)
        w.add_tensor("q4_1", q41, raw_dtype=GGMLQuantizationType.Q4_1)
        q80 = rng.integers(0, 256, size=(1, 34), dtype=np.uint8)
        q80[0, 0:2] = np.array([2.0], dtype=np.float16).view(np.uint8)
        w.add_tensor("q8_0", q80, raw_dtype=GGMLQuantizationType.Q8_0)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


write("fuzz/seeds-gguf/small-q4_1-q8_0.gguf")
write("fuzz/seeds-gguf/align-64.gguf", alignment=64, quantized=False)
