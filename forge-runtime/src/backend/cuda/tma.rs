//! Tensor maps for the TMA GEMM kernels: `cuTensorMapEncodeTiled` through cudarc's driver
//! bindings, from a [`TensorMapDesc`] and the operand's device address. An executable encodes
//! its maps once (its arena never moves) and passes the 128 bytes by value with every launch,
//! which a captured CUDA graph keeps too.

use crate::codegen::cuda::gemm::Elem;
use crate::codegen::cuda::TensorMapDesc;
use crate::error::{Error, Result};
use cudarc::driver::sys;

/// The 128-byte opaque `CUtensorMap`, aligned as the driver wants it.
#[repr(C, align(64))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TensorMap(pub [u64; 16]);

// SAFETY: `TensorMap` is 128 plain bytes with the driver's alignment; the kernel takes it by
// value (`const __grid_constant__`), so a pointer to it is a valid launch parameter.
unsafe impl cudarc::driver::DeviceRepr for TensorMap {}

/// Encodes `desc` for the device buffer at `global` (needs the device's context current).
pub fn encode_tensor_map(desc: &TensorMapDesc, global: u64) -> Result<TensorMap> {
    let dtype = match desc.elem {
        Elem::F16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        Elem::BF16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        Elem::F32 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
    };
    if !(2..=4).contains(&desc.rank) {
        return Err(Error::Internal(format!("tensor map of rank {}", desc.rank)));
    }
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let elem_strides = [1u32; 4];
    // SAFETY: every array holds at least `rank` (≤ 4) entries and outlives the call; `map` is
    // a valid 128-byte destination; `global` is a device address the caller owns.
    let rc = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            dtype,
            desc.rank,
            global as *mut std::ffi::c_void,
            desc.dims.as_ptr(),
            desc.strides_bytes.as_ptr(),
            desc.box_dims.as_ptr(),
            elem_strides.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if rc != sys::CUresult::CUDA_SUCCESS {
        return Err(Error::Cuda {
            during: "encoding a tensor map",
            message: format!("{rc:?} for {desc:?} at {global:#x}"),
        });
    }
    Ok(TensorMap(map.opaque))
}
