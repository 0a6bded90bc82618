//! The compact form the interpreter runs: naga IR of one entry point and its helpers, lowered to
//! a flat instruction list over a static register file of 32-bit words (no recursion in WGSL, so
//! every function's registers and locals have fixed places). `verify` proves every operand is in
//! range once, so the executor can index without checks that could fail.

use super::ops::{BinOp, CvtOp, MathOp, UnOp};

pub(crate) type Reg = u32;

/// Memory tags in pointer values (other tags are binding indices).
pub(crate) const TAG_LOCAL: u32 = u32::MAX;
pub(crate) const TAG_WORKGROUP: u32 = u32::MAX - 1;
/// "No result register".
pub(crate) const NO_REG: Reg = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AtomicOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    MinS,
    MinU,
    MaxS,
    MaxU,
    Exchange,
    CompareExchange,
}

/// Reductions and other non-component-wise vector builtins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VecOp {
    DotF,
    DotI,
    Length,
    Distance,
    Normalize,
    Cross,
    FaceForward,
    Reflect,
    All,
    Any,
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Instr {
    Copy {
        dst: Reg,
        src: Reg,
        n: u32,
    },
    Splat {
        dst: Reg,
        src: Reg,
        n: u8,
    },
    Swizzle {
        dst: Reg,
        src: Reg,
        n: u8,
        pattern: [u8; 4],
    },
    /// `sa`/`sb` are 0 to broadcast a scalar operand over `n` components, else 1.
    Bin {
        op: BinOp,
        dst: Reg,
        a: Reg,
        b: Reg,
        n: u8,
        sa: u8,
        sb: u8,
    },
    Un {
        op: UnOp,
        dst: Reg,
        a: Reg,
        n: u8,
    },
    Cvt {
        op: CvtOp,
        dst: Reg,
        a: Reg,
        n: u8,
    },
    /// Component-wise; bit i of `steps` is 1 when operand i is a vector.
    Math {
        op: MathOp,
        dst: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
        n: u8,
        steps: u8,
    },
    InsertBits {
        dst: Reg,
        e: Reg,
        newbits: Reg,
        offset: Reg,
        count: Reg,
        n: u8,
    },
    /// `n` words selected as a whole by a scalar condition, or per word when `per_word`.
    Select {
        dst: Reg,
        cond: Reg,
        accept: Reg,
        reject: Reg,
        n: u32,
        per_word: bool,
    },
    Vector {
        op: VecOp,
        dst: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
        n: u8,
    },
    /// Dynamic index into a value: element `min(u32(idx), len - 1)` of `elem` words.
    IndexValue {
        dst: Reg,
        base: Reg,
        idx: Reg,
        elem: u32,
        len: u32,
    },
    PtrAdd {
        dst: Reg,
        base: Reg,
        offset: u32,
    },
    /// `clamp_len == 0`: no clamp (buffers: checked per word on access), else `min(u32(idx), clamp_len - 1)`.
    PtrIndex {
        dst: Reg,
        base: Reg,
        idx: Reg,
        stride: u32,
        clamp_len: u32,
    },
    Load {
        dst: Reg,
        ptr: Reg,
        layout: u32,
    },
    Store {
        ptr: Reg,
        src: Reg,
        layout: u32,
    },
    ArrayLength {
        dst: Reg,
        ptr: Reg,
        stride: u32,
    },
    Atomic {
        op: AtomicOp,
        dst: Reg,
        ptr: Reg,
        value: Reg,
        compare: Reg,
    },
    Jump {
        to: u32,
    },
    JumpIf {
        cond: Reg,
        to: u32,
    },
    JumpIfNot {
        cond: Reg,
        to: u32,
    },
    Switch {
        selector: Reg,
        table: u32,
    },
    Call {
        call: u32,
    },
    Return {
        src: Reg,
        n: u32,
    },
    Barrier,
    /// Copies a function's local-variable template into local memory at `base`.
    InitLocals {
        base: u32,
        template: u32,
    },
    RayInit {
        query: Reg,
        scene: Reg,
        desc: Reg,
    },
    RayProceed {
        query: Reg,
        dst: Reg,
    },
    RayTerminate {
        query: Reg,
    },
    RayCommitted {
        query: Reg,
        dst: Reg,
    },
}

pub(crate) struct SwitchTable {
    pub cases: Vec<(u32, u32)>,
    pub default: u32,
}

pub(crate) struct CallSite {
    pub entry: u32,
    /// (callee register, caller register, words)
    pub args: Vec<(Reg, Reg, u32)>,
    pub result: Reg,
    pub result_words: u32,
}

/// Where each entry-point builtin argument goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BuiltinArg {
    GlobalId,
    LocalId,
    LocalIndex,
    WorkgroupId,
    NumWorkgroups,
}

pub(crate) struct Program {
    pub code: Vec<Instr>,
    pub entry_pc: u32,
    pub regs: Vec<u32>,
    /// Bytes of per-invocation local memory (privates first, then each function's locals).
    pub local_bytes: u32,
    pub private_init: Vec<u8>,
    pub local_templates: Vec<Vec<u8>>,
    pub workgroup_bytes: u32,
    pub layouts: Vec<Vec<u32>>,
    pub switches: Vec<SwitchTable>,
    pub calls: Vec<CallSite>,
    /// (builtin, register, words: 1 or 3)
    pub builtin_args: Vec<(BuiltinArg, Reg, u32)>,
    /// Instructions one invocation may execute.
    pub step_limit: u64,
}
