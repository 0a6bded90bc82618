//! GGUF reader tests on files written in memory: round trips of every value type and tensor
//! layout, the reference dequantization, and hostile files (truncations, absurd counts,
//! offsets, dims, types) that must each be a clear error, never a panic.

use super::*;
use half::{bf16, f16};

/// A minimal GGUF writer: metadata entries as raw encoded bytes, tensors laid out at aligned
/// offsets with no padding after the last one (so cutting any byte truncates real content).
struct Writer {
    version: u32,
    alignment: u64,
    kvs: Vec<Vec<u8>>,
    tensors: Vec<(String, Vec<u64>, u32, Vec<u8>)>,
}

fn s(text: &str) -> Vec<u8> {
    let mut b = (text.len() as u64).to_le_bytes().to_vec();
    b.extend_from_slice(text.as_bytes());
    b
}

impl Writer {
    fn new() -> Writer {
        Writer { version: 3, alignment: 32, kvs: Vec::new(), tensors: Vec::new() }
    }

    /// A metadata entry: key, value type id, encoded value.
    fn kv(mut self, key: &str, ty: u32, value: &[u8]) -> Writer {
        let mut b = s(key);
        b.extend_from_slice(&ty.to_le_bytes());
        b.extend_from_slice(value);
        self.kvs.push(b);
        self
    }

    fn kv_u32(self, key: &str, v: u32) -> Writer {
        self.kv(key, 4, &v.to_le_bytes())
    }

    fn kv_str(self, key: &str, v: &str) -> Writer {
        self.kv(key, 8, &s(v))
    }

    fn alignment(mut self, a: u32) -> Writer {
        self.alignment = a as u64;
        self.kv_u32("general.alignment", a)
    }

    fn tensor(mut self, name: &str, dims: &[u64], ty: GgmlType, data: Vec<u8>) -> Writer {
        self.tensors.push((name.into(), dims.to_vec(), ty.id(), data));
        self
    }

    /// The file, with each tensor's offset passed through `offset` (to forge hostile ones).
    fn build_with(&self, offset: impl Fn(usize, u64) -> u64) -> Vec<u8> {
        let mut b = b"GGUF".to_vec();
        b.extend_from_slice(&self.version.to_le_bytes());
        b.extend_from_slice(&(self.tensors.len() as u64).to_le_bytes());
        b.extend_from_slice(&(self.kvs.len() as u64).to_le_bytes());
        self.kvs.iter().for_each(|kv| b.extend_from_slice(kv));
        let mut data = Vec::new();
        for (i, (name, dims, ty, bytes)) in self.tensors.iter().enumerate() {
            while !(data.len() as u64).is_multiple_of(self.alignment) {
                data.push(0);
            }
            b.extend_from_slice(&s(name));
            b.extend_from_slice(&(dims.len() as u32).to_le_bytes());
            dims.iter().for_each(|d| b.extend_from_slice(&d.to_le_bytes()));
            b.extend_from_slice(&ty.to_le_bytes());
            b.extend_from_slice(&offset(i, data.len() as u64).to_le_bytes());
            data.extend_from_slice(bytes);
        }
        while !(b.len() as u64).is_multiple_of(self.alignment) {
            b.push(0);
        }
        b.extend_from_slice(&data);
        b
    }

    fn build(&self) -> Vec<u8> {
        self.build_with(|_, o| o)
    }
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// One Q4_0, Q4_1 and Q8_0 block each with known values.
fn q4_0_block() -> Vec<u8> {
    let mut b = f16::from_f32(0.5).to_le_bytes().to_vec();
    b.extend((0..16u8).map(|j| j | ((15 - j) << 4)));
    b
}

fn q4_1_block() -> Vec<u8> {
    let mut b = f16::from_f32(0.25).to_le_bytes().to_vec();
    b.extend_from_slice(&f16::from_f32(-1.0).to_le_bytes());
    b.extend((0..16u8).map(|j| j | ((15 - j) << 4)));
    b
}

fn q8_0_block() -> Vec<u8> {
    let mut b = f16::from_f32(2.0).to_le_bytes().to_vec();
    b.extend((0..32i8).map(|j| (j - 16) as u8));
    b
}

/// A valid file with every scalar type, arrays (nested too) and six tensors.
fn sample() -> Writer {
    let le = |parts: &[&[u8]]| parts.concat();
    // An array of two arrays: [true] and ["x"].
    let nested = le(&[
        &9u32.to_le_bytes(),
        &2u64.to_le_bytes(),
        &7u32.to_le_bytes(),
        &1u64.to_le_bytes(),
        &[1],
        &8u32.to_le_bytes(),
        &1u64.to_le_bytes(),
        &s("x"),
    ]);
    let strings = le(&[&8u32.to_le_bytes(), &2u64.to_le_bytes(), &s("a b"), &s("ü")]);
    let ints: Vec<u8> = [1i32, -2, 3].iter().flat_map(|x| x.to_le_bytes()).collect();
    let i32s = le(&[&5u32.to_le_bytes(), &3u64.to_le_bytes(), &ints]);
    let floats: Vec<u8> = [0.5f64, -1.5].iter().flat_map(|x| x.to_le_bytes()).collect();
    let f64s = le(&[&12u32.to_le_bytes(), &2u64.to_le_bytes(), &floats]);
    Writer::new()
        .kv_str("general.architecture", "llama")
        .kv("u8", 0, &[200])
        .kv("i8", 1, &[0xFF])
        .kv("u16", 2, &60000u16.to_le_bytes())
        .kv("i16", 3, &(-3i16).to_le_bytes())
        .kv_u32("u32", 4_000_000_000)
        .kv("i32", 5, &(-7i32).to_le_bytes())
        .kv("f32", 6, &1.5f32.to_le_bytes())
        .kv("bool", 7, &[1])
        .kv("u64", 10, &(1u64 << 40).to_le_bytes())
        .kv("i64", 11, &(-5i64).to_le_bytes())
        .kv("f64", 12, &0.25f64.to_le_bytes())
        .kv("strings", 9, &strings)
        .kv("i32s", 9, &i32s)
        .kv("f64s", 9, &f64s)
        .kv("nested", 9, &nested)
        .alignment(64)
        .tensor("norm", &[4], GgmlType::F32, f32_bytes(&[1.0, -2.0, 0.5, 3.25]))
        .tensor(
            "half",
            &[2, 1],
            GgmlType::F16,
            [1.5f32, -0.25].iter().flat_map(|&x| f16::from_f32(x).to_le_bytes()).collect(),
        )
        .tensor(
            "brain",
            &[2],
            GgmlType::BF16,
            [2.0f32, -8.0].iter().flat_map(|&x| bf16::from_f32(x).to_le_bytes()).collect(),
        )
        .tensor("q4_0", &[32, 1], GgmlType::Q4_0, q4_0_block())
        .tensor("q4_1", &[32], GgmlType::Q4_1, q4_1_block())
        .tensor("q8_0", &[32, 1, 1, 1], GgmlType::Q8_0, q8_0_block())
}

#[test]
fn reads_every_value_type_and_tensor() {
    let g = Gguf::from_bytes(sample().build()).unwrap();
    assert_eq!(g.version(), 3);
    assert_eq!(g.alignment(), 64);
    assert_eq!(g.get_str("general.architecture").unwrap(), "llama");
    assert_eq!(g.get("u8"), Some(&Value::U8(200)));
    assert_eq!(g.get("i8"), Some(&Value::I8(-1)));
    assert_eq!(g.get_u32("u16").unwrap(), 60000);
    assert_eq!(g.get("i16"), Some(&Value::I16(-3)));
    assert_eq!(g.get_u32("u32").unwrap(), 4_000_000_000);
    assert_eq!(g.get("i32"), Some(&Value::I32(-7)));
    assert_eq!(g.get_f32("f32").unwrap(), 1.5);
    assert!(g.get_bool("bool").unwrap());
    assert_eq!(g.get_u64("u64").unwrap(), 1 << 40);
    assert_eq!(g.get("i64"), Some(&Value::I64(-5)));
    assert_eq!(g.get_f32("f64").unwrap(), 0.25);
    assert_eq!(g.get_str_array("strings").unwrap(), ["a b", "ü"]);
    assert_eq!(g.get_i32_array("i32s").unwrap(), [1, -2, 3]);
    assert_eq!(g.get_f32_array("f64s").unwrap(), [0.5, -1.5]);
    let nested = Array::Array(vec![Array::Bool(vec![true]), Array::String(vec!["x".into()])]);
    assert_eq!(g.get("nested"), Some(&Value::Array(nested)));
    let keys: Vec<&str> = g.metadata().map(|(k, _)| k).collect();
    assert_eq!(keys.first(), Some(&"general.architecture"));
    assert_eq!(keys.len(), 17);

    let names: Vec<&str> = g.tensors().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["norm", "half", "brain", "q4_0", "q4_1", "q8_0"]);
    for t in g.tensors() {
        assert_eq!(t.offset % 64, 0, "{}", t.name);
    }
    assert_eq!(g.tensor_f32("norm").unwrap(), [1.0, -2.0, 0.5, 3.25]);
    assert_eq!(g.tensor_f32("half").unwrap(), [1.5, -0.25]);
    assert_eq!(g.tensor_f32("brain").unwrap(), [2.0, -8.0]);
    let q = g.tensor("q4_1").unwrap();
    assert_eq!((q.ty, q.n_bytes, q.n_elements()), (GgmlType::Q4_1, 20, 32));
    assert_eq!(g.tensor_bytes(q).unwrap(), &q4_1_block()[..]);
    assert_eq!(g.tensor_data("q8_0").unwrap(), &q8_0_block()[..]);
}

#[test]
fn dequantizes_like_ggml() {
    let g = Gguf::from_bytes(sample().build()).unwrap();
    let q4_0 = g.tensor_dequantized("q4_0").unwrap();
    let q4_1 = g.tensor_dequantized("q4_1").unwrap();
    let q8_0 = g.tensor_dequantized("q8_0").unwrap();
    for j in 0..16 {
        // Byte j holds element j in its low nibble and element j + 16 in its high one.
        assert_eq!(q4_0[j], (j as f32 - 8.0) * 0.5);
        assert_eq!(q4_0[j + 16], ((15 - j) as f32 - 8.0) * 0.5);
        assert_eq!(q4_1[j], j as f32 * 0.25 - 1.0);
        assert_eq!(q4_1[j + 16], (15 - j) as f32 * 0.25 - 1.0);
    }
    for (j, &y) in q8_0.iter().enumerate() {
        assert_eq!(y, (j as f32 - 16.0) * 2.0);
    }
    let err = g.tensor_f32("q4_0").unwrap_err().to_string();
    assert!(err.contains("q4_0") && err.contains("Q4_0"), "{err}");
}

#[test]
fn dequantize_checks_lengths_and_types() {
    let mut out = [0.0f32; 32];
    assert!(dequantize(GgmlType::Q4_1, &q4_1_block(), &mut out).is_ok());
    assert!(dequantize(GgmlType::Q4_1, &q4_1_block()[..19], &mut out).is_err());
    assert!(dequantize(GgmlType::Q4_1, &q4_1_block(), &mut out[..31]).is_err());
    assert!(dequantize(GgmlType::Q4_K, &[0; 144], &mut [0.0; 256]).is_err());
    assert!(dequantize(GgmlType::Other(99), &[], &mut []).is_err());
    assert!(dequantize(GgmlType::F32, &[0; 8], &mut out[..2]).is_ok());
}

#[test]
fn ggml_types_have_ggml_ids_and_layouts() {
    for (ty, id, len, bytes) in [
        (GgmlType::F32, 0, 1, 4),
        (GgmlType::F16, 1, 1, 2),
        (GgmlType::Q4_0, 2, 32, 18),
        (GgmlType::Q4_1, 3, 32, 20),
        (GgmlType::Q8_0, 8, 32, 34),
        (GgmlType::Q4_K, 12, 256, 144),
        (GgmlType::Q6_K, 14, 256, 210),
        (GgmlType::BF16, 30, 1, 2),
    ] {
        assert_eq!(GgmlType::from_id(id), ty);
        assert_eq!(ty.id(), id);
        assert_eq!((ty.block_len(), ty.block_bytes()), (Some(len), Some(bytes)), "{ty}");
    }
    assert_eq!(GgmlType::from_id(4), GgmlType::Other(4));
    assert_eq!(GgmlType::Other(4).block_len(), None);
    assert_eq!(GgmlType::Q4_0.bytes_for(64), Some(36));
    assert_eq!(GgmlType::Q4_0.bytes_for(33), None);
}

#[test]
fn typed_getters_name_the_key() {
    let g = Gguf::from_bytes(sample().build()).unwrap();
    let missing = g.get_u32("llama.block_count").unwrap_err().to_string();
    assert!(missing.contains("llama.block_count") && missing.contains("missing"), "{missing}");
    let wrong = g.get_u32("general.architecture").unwrap_err().to_string();
    assert!(wrong.contains("general.architecture") && wrong.contains("string"), "{wrong}");
    assert!(g.get_u32("i32").is_err(), "-7 does not fit in u32");
    assert!(g.get_u32("u64").is_err(), "2^40 does not fit in u32");
    assert!(g.get_str_array("i32s").is_err());
    assert!(g.get_f32_array("i32s").is_err());
    assert!(g.get_i32_array("strings").is_err());
    assert!(g.tensor_data("absent").unwrap_err().to_string().contains("absent"));
}

#[test]
fn tensor_bytes_refuses_entries_of_another_file() {
    let a = Gguf::from_bytes(sample().build()).unwrap();
    let small = Writer::new().tensor("norm", &[1], GgmlType::F32, f32_bytes(&[1.0])).build();
    let b = Gguf::from_bytes(small).unwrap();
    assert!(b.tensor_bytes(a.tensor("norm").unwrap()).is_err());
    assert!(b.tensor_bytes(a.tensor("q8_0").unwrap()).is_err());
}

#[test]
fn version_2_and_files_without_tensors_read() {
    let mut w = sample();
    w.version = 2;
    assert_eq!(Gguf::from_bytes(w.build()).unwrap().version(), 2);
    let empty = Writer::new().kv_u32("a", 1).build();
    let g = Gguf::from_bytes(empty).unwrap();
    assert!(g.tensors().is_empty());
}

#[test]
fn every_truncation_is_an_error() {
    let bytes = sample().build();
    assert!(Gguf::from_bytes(bytes.clone()).is_ok());
    for len in 0..bytes.len() {
        assert!(Gguf::from_bytes(bytes[..len].to_vec()).is_err(), "prefix of {len} bytes read as valid");
    }
}

/// Random byte mutations of a valid file: each is read or refused, never a panic.
#[test]
fn mutated_files_never_panic() {
    let bytes = sample().build();
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..3000 {
        let mut m = bytes.clone();
        for _ in 0..rng.usize(1..4) {
            let i = rng.usize(..m.len());
            m[i] = match rng.u8(..4) {
                0 => 0xFF,
                1 => 0,
                _ => rng.u8(..),
            };
        }
        let _ = Gguf::from_bytes(m);
    }
}

fn expect_err(bytes: Vec<u8>, words: &[&str]) {
    match Gguf::from_bytes(bytes) {
        Ok(_) => panic!("read as valid; expected an error mentioning {words:?}"),
        Err(e) => {
            let msg = e.to_string();
            assert!(words.iter().all(|w| msg.contains(w)), "{msg:?} does not mention {words:?}");
        }
    }
}

fn header(version: u32, n_tensors: u64, n_kv: u64) -> Vec<u8> {
    [b"GGUF".to_vec(), version.to_le_bytes().to_vec(), n_tensors.to_le_bytes().to_vec(), n_kv.to_le_bytes().to_vec()]
        .concat()
}

#[test]
fn hostile_headers_are_errors() {
    expect_err(b"GGML\x03\0\0\0".to_vec(), &["magic", "not a GGUF"]);
    expect_err(header(1, 0, 0), &["v1"]);
    expect_err(header(4, 0, 0), &["version 4"]);
    expect_err(header(0x0300_0000, 0, 0), &["big-endian"]);
    expect_err(header(3, u64::MAX, 0), &["tensor_count", "cannot fit"]);
    expect_err(header(3, 0, u64::MAX), &["kv_count", "cannot fit"]);
    // A key whose length runs past the end of the file.
    expect_err([header(3, 0, 1), u64::MAX.to_le_bytes().to_vec(), vec![0; 16]].concat(), &["key of metadata entry 0"]);
}

#[test]
fn hostile_values_are_errors() {
    let one = |w: Writer| w.build();
    expect_err(one(Writer::new().kv("k", 13, &[0; 8])), &["`k`", "unknown GGUF value type 13"]);
    expect_err(one(Writer::new().kv("k", 7, &[2])), &["`k`", "bool"]);
    expect_err(one(Writer::new().kv("k", 8, &u64::MAX.to_le_bytes())), &["`k`", "truncated"]);
    let huge_array = [4u32.to_le_bytes().to_vec(), (u64::MAX / 2).to_le_bytes().to_vec()].concat();
    expect_err(one(Writer::new().kv("k", 9, &huge_array)), &["`k`", "cannot fit"]);
    let bad_elem = [99u32.to_le_bytes().to_vec(), 1u64.to_le_bytes().to_vec()].concat();
    expect_err(one(Writer::new().kv("k", 9, &bad_elem)), &["`k`", "unknown GGUF value type 99"]);
    // Arrays of arrays nested past the cap.
    let mut deep = Vec::new();
    for _ in 0..64 {
        deep.extend_from_slice(&9u32.to_le_bytes());
        deep.extend_from_slice(&1u64.to_le_bytes());
    }
    deep.extend_from_slice(&4u32.to_le_bytes());
    deep.extend_from_slice(&0u64.to_le_bytes());
    expect_err(one(Writer::new().kv("k", 9, &deep)), &["`k`", "nest deeper"]);
    expect_err(one(Writer::new().kv_u32("k", 1).kv_u32("k", 2)), &["`k`", "twice"]);
    expect_err(one(Writer::new().kv_u32("general.alignment", 3)), &["general.alignment", "power of two"]);
    expect_err(one(Writer::new().kv_u32("general.alignment", 0)), &["general.alignment", "power of two"]);
    expect_err(one(Writer::new().kv_str("general.alignment", "32")), &["general.alignment"]);
}

#[test]
fn hostile_tensor_infos_are_errors() {
    let t = |dims: &[u64], ty: GgmlType, data: Vec<u8>| Writer::new().tensor("w", dims, ty, data);
    expect_err(t(&[1, 1, 1, 1, 1], GgmlType::F32, vec![0; 4]).build(), &["`w`", "5 dimensions"]);
    expect_err(t(&[u64::MAX / 2, 3], GgmlType::F32, vec![]).build(), &["`w`", "overflow"]);
    expect_err(t(&[1 << 62, 1 << 3], GgmlType::F32, vec![]).build(), &["`w`", "overflow"]);
    expect_err(t(&[u64::MAX], GgmlType::F32, vec![]).build(), &["`w`", "negative"]);
    expect_err(t(&[1 << 61], GgmlType::F32, vec![]).build(), &["`w`", "data section"]);
    expect_err(t(&[16], GgmlType::Q4_0, vec![0; 18]).build(), &["`w`", "whole number"]);
    expect_err(t(&[4], GgmlType::Other(4), vec![0; 4]).build(), &["`w`", "ggml type 4"]);
    expect_err(t(&[2], GgmlType::F32, vec![0; 4]).build(), &["`w`", "data section"]);
    let w = t(&[1], GgmlType::F32, vec![0; 4]);
    expect_err(w.build_with(|_, _| 8), &["`w`", "multiple of the alignment"]);
    expect_err(w.build_with(|_, _| 1 << 20), &["`w`", "data section"]);
    expect_err(w.build_with(|_, _| u64::MAX - 31), &["`w`", "data section"]);
    let dup = t(&[1], GgmlType::F32, vec![0; 4]).tensor("w", &[1], GgmlType::F32, vec![0; 4]);
    expect_err(dup.build(), &["`w`", "twice"]);
    // n_dims absurd: a u32 count that is not checked against the remaining bytes would read past.
    let mut bytes = t(&[1], GgmlType::F32, vec![0; 4]).build();
    let at = 24 + 8 + 1;
    bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    expect_err(bytes, &["`w`", "dimensions"]);
}

fn fuzz_dir(sub: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz").join(sub)
}

/// The fuzz seeds come from llama.cpp's Python writer (`scripts/gguf_fuzz_seeds.py`): an
/// independent implementation of the format, read back here value for value.
#[test]
fn reads_files_written_by_gguf_py() {
    let g = Gguf::open(fuzz_dir("seeds-gguf/small-q4_1-q8_0.gguf")).unwrap();
    assert_eq!(g.get_str("general.architecture").unwrap(), "llama");
    assert_eq!(g.get_u32("llama.block_count").unwrap(), 2);
    assert_eq!(g.get_f32("llama.attention.layer_norm_rms_epsilon").unwrap(), 1e-5);
    assert_eq!(g.get_str_array("tokenizer.ggml.tokens").unwrap(), ["<|endoftext|>", "a", "b", "ab", "Ġ"]);
    assert_eq!(g.get_i32_array("tokenizer.ggml.token_type").unwrap(), [3, 1, 1, 1, 1]);
    assert!(!g.get_bool("tokenizer.ggml.add_bos_token").unwrap());
    let nested = Array::Array(vec![Array::I32(vec![1, 2]), Array::String(vec!["x".into()])]);
    assert_eq!(g.get("nested"), Some(&Value::Array(nested)));
    assert_eq!(g.get("i64"), Some(&Value::I64(-5)));
    assert_eq!(g.get_f32("f64").unwrap(), 0.25);
    assert_eq!(g.tensor_f32("norm").unwrap(), (0..32).map(|i| i as f32).collect::<Vec<_>>());
    assert_eq!(g.tensor("half").unwrap().dims, [32, 2]);
    assert_eq!(g.tensor_f32("half").unwrap().iter().map(|&x| x as f64).sum::<f64>(), 0.0);
    // Sums and first values from gguf-py's `gguf.quants.dequantize` of the same blocks.
    let q4_1 = g.tensor_dequantized("q4_1").unwrap();
    assert_eq!(q4_1[..6], [2.75, 1.75, 2.75, -0.25, -0.75, 0.75]);
    assert_eq!(q4_1.iter().sum::<f32>(), 37.0);
    let q8_0 = g.tensor_dequantized("q8_0").unwrap();
    assert_eq!(q8_0[..6], [250.0, 20.0, 58.0, -32.0, 132.0, 38.0]);
    assert_eq!(q8_0.iter().sum::<f32>(), 1948.0);
    assert_eq!(Gguf::open(fuzz_dir("seeds-gguf/align-64.gguf")).unwrap().alignment(), 64);
}

/// Inputs kept from fuzzing the reader (`fuzz/regressions/gguf`) and its seeds never panic.
#[test]
fn fuzz_regressions_and_seeds_do_not_panic() {
    for dir in ["regressions/gguf", "seeds-gguf"] {
        for entry in std::fs::read_dir(fuzz_dir(dir)).unwrap().flatten() {
            let _ = Gguf::from_bytes(std::fs::read(entry.path()).unwrap());
        }
    }
}
