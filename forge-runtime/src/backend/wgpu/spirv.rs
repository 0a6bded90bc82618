//! SPIR-V pipelines: header checks, naga's SPIR-V front end and validator, then the WGSL path's pipeline.
//!
//! The bytes go through wgpu's safe `ShaderSource::SpirV` (the `spirv` feature: naga parses the
//! module and the backend re-emits it), never the unsafe driver passthrough. Everything naga can
//! reject is checked here first, so malformed input comes back as `Error::ShaderCompile` with a
//! message that names the problem instead of reaching the device.

use std::borrow::Cow;
use std::sync::atomic::Ordering;

use super::context::WgpuComputeContext;
use crate::error::{Error, Result};

/// The SPIR-V magic number, as the first word reads in the module's own byte order.
const MAGIC: u32 = 0x0723_0203;
/// Magic, version, generator, id bound, schema.
const HEADER_WORDS: usize = 5;

fn malformed(entry_point: &str, log: impl Into<String>) -> Error {
    Error::ShaderCompile { entry: entry_point.to_string(), log: log.into() }
}

/// The options wgpu itself parses `ShaderSource::SpirV` with, so both parses agree.
fn frontend_options() -> naga::front::spv::Options {
    naga::front::spv::Options { adjust_coordinate_space: false, strict_capabilities: true, block_ctx_dump_prefix: None }
}

/// Checks the framing of a SPIR-V binary and returns its words in host order. Either byte
/// order is accepted (the spec lets the magic word decide); anything else is an error naming
/// the length, the magic found or the header field at fault.
pub fn spirv_words(spirv: &[u8], entry_point: &str) -> Result<Vec<u32>> {
    if spirv.is_empty() {
        return Err(malformed(entry_point, "SPIR-V module is empty (0 bytes)"));
    }
    if !spirv.len().is_multiple_of(4) {
        return Err(malformed(
            entry_point,
            format!("SPIR-V module is {} bytes, not a whole number of 4-byte words", spirv.len()),
        ));
    }
    let first = [spirv[0], spirv[1], spirv[2], spirv[3]];
    let from_bytes: fn([u8; 4]) -> u32 = if u32::from_le_bytes(first) == MAGIC {
        u32::from_le_bytes
    } else if u32::from_be_bytes(first) == MAGIC {
        u32::from_be_bytes
    } else {
        return Err(malformed(
            entry_point,
            format!(
                "not SPIR-V: first word is 0x{:08x}, expected the magic number 0x{MAGIC:08x}",
                u32::from_le_bytes(first)
            ),
        ));
    };
    let words: Vec<u32> = spirv.chunks_exact(4).map(|c| from_bytes([c[0], c[1], c[2], c[3]])).collect();
    if words.len() < HEADER_WORDS {
        return Err(malformed(
            entry_point,
            format!("SPIR-V module is truncated: {} words, the header alone is {HEADER_WORDS}", words.len()),
        ));
    }
    let (version, bound) = (words[1], words[3]);
    if version >> 16 != 1 || version & 0xff00_00ff != 0 {
        return Err(malformed(entry_point, format!("SPIR-V header has an invalid version word 0x{version:08x}")));
    }
    if bound == 0 {
        return Err(malformed(entry_point, "SPIR-V header has an id bound of 0"));
    }
    check_instructions(&words, entry_point)?;
    Ok(words)
}

const OP_ENTRY_POINT: u32 = 15;
const OP_FUNCTION: u32 = 54;

/// Walks the instruction stream: every instruction's word count must be non-zero and fit in
/// the module, and every `OpEntryPoint` must name a function the module defines. naga accepts
/// a module cut off between two functions and silently drops the entry points whose bodies
/// went missing; this catches that truncation (and most others) with a precise message.
fn check_instructions(words: &[u32], entry_point: &str) -> Result<()> {
    let mut entries: Vec<(u32, String)> = Vec::new();
    let mut functions: Vec<u32> = Vec::new();
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if count == 0 || at + count > words.len() {
            return Err(malformed(
                entry_point,
                format!(
                    "SPIR-V module is truncated or corrupt: the instruction at word {at} (opcode {opcode}) claims \
                     {count} words, {} remain",
                    words.len() - at
                ),
            ));
        }
        let operands = &words[at + 1..at + count];
        match opcode {
            OP_ENTRY_POINT if operands.len() >= 2 => entries.push((operands[1], literal_string(&operands[2..]))),
            OP_FUNCTION if operands.len() >= 2 => functions.push(operands[1]),
            _ => {}
        }
        at += count;
    }
    if let Some((id, name)) = entries.iter().find(|(id, _)| !functions.contains(id)) {
        return Err(malformed(
            entry_point,
            format!("SPIR-V module is truncated or corrupt: entry point `{name}` names function %{id}, which it does not define"),
        ));
    }
    Ok(())
}

/// A SPIR-V literal string (UTF-8, nul-terminated, packed little-end first into words).
fn literal_string(operands: &[u32]) -> String {
    let bytes: Vec<u8> = operands.iter().flat_map(|w| w.to_le_bytes()).take_while(|&b| b != 0).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Parses SPIR-V with naga, validates the module and checks that `entry_point` is a compute
/// entry point. Returns the words (host order) and the module.
pub fn validate_spirv(spirv: &[u8], entry_point: &str) -> Result<(Vec<u32>, naga::Module)> {
    let words = spirv_words(spirv, entry_point)?;
    // naga 30's SPIR-V front end indexes and adds unchecked on some malformed modules
    // (truncated instructions, corrupted operand counts) and panics; that is still bad input.
    // Parsing and validation touch nothing shared, so unwinding out of them leaves no state behind.
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| parse_and_validate(&words)));
    let module = match checked {
        Ok(result) => result.map_err(|log| malformed(entry_point, log))?,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            return Err(malformed(entry_point, format!("SPIR-V module is malformed (naga's parser gave up: {what})")));
        }
    };
    let found = module.entry_points.iter().any(|ep| ep.name == entry_point && ep.stage == naga::ShaderStage::Compute);
    if !found {
        let names: Vec<String> = module.entry_points.iter().map(|ep| format!("{} ({:?})", ep.name, ep.stage)).collect();
        let listed = if names.is_empty() { "none".to_string() } else { names.join(", ") };
        return Err(malformed(
            entry_point,
            format!("SPIR-V module has no compute entry point `{entry_point}` (entry points: {listed})"),
        ));
    }
    Ok((words, module))
}

/// naga's parse and validation of host-order words; the error is the message for the log.
fn parse_and_validate(words: &[u32]) -> std::result::Result<naga::Module, String> {
    let options = frontend_options();
    let module = naga::front::spv::Frontend::new(words.iter().copied(), &options)
        .parse()
        .map_err(|e| format!("SPIR-V parse error: {e}"))?;
    let mut validator =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all());
    validator.validate(&module).map_err(|e| format!("SPIR-V module is invalid: {e:?}"))?;
    Ok(module)
}

impl WgpuComputeContext {
    /// Like [`Self::compile_pipeline`], from SPIR-V bytes instead of WGSL: checked and
    /// validated by naga first (see [`validate_spirv`]), then the same automatic-layout
    /// compute pipeline, bind groups and dispatch path. Any failure is `Error::ShaderCompile`.
    pub fn compile_pipeline_spirv(&self, spirv: &[u8], entry_point: &str) -> Result<wgpu::ComputePipeline> {
        self.take_uncaptured("compile_pipeline_spirv")?;
        let (words, _module) = validate_spirv(spirv, entry_point)?;
        self.compilations.fetch_add(1, Ordering::Relaxed);
        let entry = entry_point.to_string();
        self.scoped("compile_pipeline_spirv", || {
            let module = self.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(entry_point),
                source: wgpu::ShaderSource::SpirV(Cow::Borrowed(&words)),
            });
            self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry_point),
                layout: None,
                module: &module,
                entry_point: Some(entry_point),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                cache: self.disk_cache.as_ref().map(|d| &d.cache),
            })
        })
        .map_err(|e| match e {
            Error::Wgpu { message, .. } => Error::ShaderCompile { entry, log: message },
            other => other,
        })
    }
}
