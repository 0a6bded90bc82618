//! Fuzzes the GGUF reader (`forge_runtime::gguf`): any bytes are read or refused with an
//! error, never a panic, an out-of-bounds read or an allocation beyond the input's size. Every
//! tensor a file lists is also sliced, and the small ones dequantized.
#![no_main]

use forge_runtime::gguf::Gguf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = Gguf::from_bytes(data.to_vec()) else { return };
    for (key, value) in file.metadata() {
        let _ = (file.get(key), value.to_string(), file.get_u32(key), file.get_str_array(key));
    }
    for t in file.tensors() {
        let bytes = file.tensor_bytes(t).expect("a listed tensor's bytes lie in the file");
        assert_eq!(bytes.len() as u64, t.n_bytes);
        if t.n_elements() <= 1 << 16 {
            let _ = file.tensor_dequantized(&t.name);
        }
    }
});
