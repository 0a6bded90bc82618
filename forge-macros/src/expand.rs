//! Expansion: the typed API of a graph — `…Dims`, `…Weights`, `…Inputs`, `…Outputs`,
//! `…State` and the graph type wrapping a `forge::GraphInstance`.

use forge_runtime::graph::ast::{Binding, LitValue};
use forge_runtime::graph::{Graph, GraphError, Usage};
use forge_runtime::Elem;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

fn rust_type(elem: Elem) -> TokenStream {
    match elem {
        Elem::F32 => quote!(f32),
        Elem::F16 => quote!(::forge::f16),
        Elem::BF16 => quote!(::forge::bf16),
        Elem::U32 => quote!(u32),
        Elem::I32 => quote!(i32),
        Elem::Q4_0 => quote!(::forge::BlockQ4_0),
        Elem::Q4_1 => quote!(::forge::BlockQ4_1),
        Elem::Q8_0 => quote!(::forge::BlockQ8_0),
    }
}

/// An identifier for `text` that never panics: raw identifiers and keywords become `r#…`
/// where Rust allows it; anything else a placeholder (the graph's own errors say why).
pub fn safe_ident(text: &str, span: Span) -> Ident {
    let bare = text.strip_prefix("r#").unwrap_or(text);
    let parsed = syn::parse_str::<Ident>(bare).or_else(|_| syn::parse_str::<Ident>(&format!("r#{bare}")));
    let mut id = parsed.unwrap_or_else(|_| Ident::new("__forge_invalid_name", span));
    id.set_span(span);
    id
}

fn field(b: &Binding) -> Ident {
    safe_ident(&b.name.text, b.name.span)
}

fn dim_field(name: &str, span: Span) -> Ident {
    safe_ident(&name.to_lowercase(), span)
}

/// Literals must be finite (the checker rejects other defaults; this keeps expansion total).
fn finite(v: f32) -> f32 {
    if v.is_finite() {
        v
    } else {
        0.0
    }
}

fn doc_attrs(doc: &[String]) -> TokenStream {
    doc.iter().map(|d| quote!(#[doc = #d])).collect()
}

/// Dims that collide once lower-cased (they become fields of `…Dims`).
pub fn name_clashes(graph: &Graph) -> Vec<GraphError> {
    let mut out = Vec::new();
    for (i, d) in graph.dims.iter().enumerate() {
        if graph.dims[..i].iter().any(|e| e.text != d.text && e.text.to_lowercase() == d.text.to_lowercase()) {
            out.push(GraphError::new(
                forge_runtime::graph::ErrorKind::DuplicateName,
                d.span,
                format!(
                    "dims `{}` and another dim become the same field `{}` of the Dims struct",
                    d.text,
                    d.text.to_lowercase()
                ),
            ));
        }
    }
    out
}

fn struct_with_fields(
    vis: &TokenStream,
    name: &Ident,
    lifetime: bool,
    doc: &str,
    fields: &[TokenStream],
    derive: TokenStream,
) -> TokenStream {
    if lifetime && !fields.is_empty() {
        quote!(#[doc = #doc] #derive #vis struct #name<'a> { #(#fields,)* })
    } else {
        quote!(#[doc = #doc] #derive #vis struct #name { #(#fields,)* })
    }
}

/// The whole typed API for `graph`; `source` is the macro input, re-parsed at run time.
pub fn api(graph: &Graph, source: &str) -> TokenStream {
    // Names declared twice were reported; expand each once so rustc adds no cascade errors.
    let mut deduped = graph.clone();
    let mut seen = std::collections::HashSet::new();
    let keep: Vec<bool> = graph.dims.iter().map(|d| seen.insert(d.text.to_lowercase())).collect();
    let derived = graph.derived.iter().cloned().chain(std::iter::repeat(None));
    (deduped.dims, deduped.derived) =
        graph.dims.iter().cloned().zip(derived).zip(&keep).filter(|(_, &k)| k).map(|(pair, _)| pair).unzip();
    seen.clear();
    deduped.bindings.retain(|b| seen.insert(b.name.text.clone()));
    let graph = &deduped;
    let vis = syn::parse_str::<syn::Visibility>(&graph.vis).map(|v| quote!(#v)).unwrap_or_else(|_| quote!(pub));
    let name = safe_ident(&graph.name.text, graph.name.span);
    let ident = |suffix: &str| format_ident!("{}{}", name, suffix);
    let (dims_t, weights_t, inputs_t, outputs_t, state_t) =
        (ident("Dims"), ident("Weights"), ident("Inputs"), ident("Outputs"), ident("State"));
    let of = |u: Usage| graph.bindings.iter().filter(move |b| b.usage == u);

    // Derived dims (`E = D / H`) are computed from these, not passed.
    let is_derived = |i: usize| graph.derived.get(i).is_some_and(Option::is_some);
    let free_dims: Vec<&forge_runtime::graph::Name> =
        graph.dims.iter().enumerate().filter(|&(i, _)| !is_derived(i)).map(|(_, d)| d).collect();
    let dim_fields: Vec<Ident> = free_dims.iter().map(|d| dim_field(&d.text, d.span)).collect();
    let dim_docs: Vec<String> = free_dims.iter().map(|d| format!("Value of dim `{}`.", d.text)).collect();
    let derived_names: Vec<&str> =
        graph.dims.iter().enumerate().filter(|&(i, _)| is_derived(i)).map(|(_, d)| d.text.as_str()).collect();
    let dims_doc = match derived_names.as_slice() {
        [] => "One value per dim of the graph.".to_string(),
        names => format!(
            "One value per dim of the graph that is not derived (`{}` are computed from these).",
            names.join("`, `")
        ),
    };
    let dims_struct = quote! {
        #[doc = #dims_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #vis struct #dims_t { #( #[doc = #dim_docs] pub #dim_fields: usize, )* }
    };

    let slice_field = |b: &Binding| {
        let f = field(b);
        let t = rust_type(b.elem);
        let doc = doc_attrs(&b.doc);
        quote!(#doc pub #f: &'a [#t])
    };
    let resident = |b: &&Binding| matches!(b.usage, Usage::Weight | Usage::Scene);
    let weight_fields: Vec<TokenStream> = graph.bindings.iter().filter(resident).map(slice_field).collect();
    let mut input_fields: Vec<TokenStream> = of(Usage::Input).map(slice_field).collect();
    input_fields.extend(of(Usage::Uniform).map(|b| {
        let (f, t, doc) = (field(b), rust_type(b.elem), doc_attrs(&b.doc));
        quote!(#doc pub #f: #t)
    }));
    let vec_field = |b: &Binding| {
        let (f, t, doc) = (field(b), rust_type(b.elem), doc_attrs(&b.doc));
        quote!(#doc pub #f: ::std::vec::Vec<#t>)
    };
    let output_fields: Vec<TokenStream> = of(Usage::Output).map(vec_field).collect();
    let state_fields: Vec<TokenStream> = of(Usage::State).map(vec_field).collect();
    let has = |u: Usage| of(u).next().is_some();
    let has_resident = has(Usage::Weight) || has(Usage::Scene);
    let weights_lt = if has_resident { quote!(<'_>) } else { quote!() };
    let inputs_lt = if has(Usage::Input) { quote!(<'_>) } else { quote!() };

    let derive_copy = quote!(#[derive(Debug, Clone, Copy)]);
    let derive_vec = quote!(#[derive(Debug, Clone, PartialEq, Default)]);
    let weights_struct = struct_with_fields(
        &vis,
        &weights_t,
        has_resident,
        "Resident weights (and scenes), uploaded once by `load_weights`.",
        &weight_fields,
        derive_copy.clone(),
    );
    let inputs_struct = struct_with_fields(
        &vis,
        &inputs_t,
        has(Usage::Input),
        "Per-run inputs and uniforms.",
        &input_fields,
        derive_copy,
    );
    let outputs_struct = struct_with_fields(
        &vis,
        &outputs_t,
        false,
        "Outputs read back after a run.",
        &output_fields,
        derive_vec.clone(),
    );
    let state_struct = struct_with_fields(
        &vis,
        &state_t,
        false,
        "Persistent state, kept on the device across runs.",
        &state_fields,
        derive_vec,
    );

    let weight_pairs = graph.bindings.iter().filter(resident).map(|b| {
        let (f, n) = (field(b), &b.name.text);
        quote!((#n, ::forge::HostSlice::of(weights.#f)))
    });
    let input_pairs = of(Usage::Input).map(|b| {
        let (f, n) = (field(b), &b.name.text);
        quote!((#n, ::forge::HostSlice::of(inputs.#f)))
    });
    let uniform_pairs = of(Usage::Uniform).map(|b| {
        let (f, n) = (field(b), &b.name.text);
        quote!((#n, ::forge::Scalar::from(inputs.#f)))
    });
    let take = |b: &Binding| {
        let (f, n, t) = (field(b), &b.name.text, rust_type(b.elem));
        quote!(#f: ::forge::__private::take(&mut outs, #n)?.to_vec::<#t>(#n)?)
    };
    let output_takes = of(Usage::Output).map(take);
    let state_reads = of(Usage::State).map(|b| {
        let (f, n, t) = (field(b), &b.name.text, rust_type(b.elem));
        quote!(#f: self.inner.read_state(#n)?.to_vec::<#t>(#n)?)
    });
    let state_writes = of(Usage::State).map(|b| {
        let (f, n) = (field(b), &b.name.text);
        quote!(self.inner.write_state(#n, ::forge::HostSlice::of(&state.#f))?;)
    });
    let defaults = of(Usage::Uniform).filter_map(|b| {
        let value = match b.default?.value {
            LitValue::Int(v) => v as f64,
            LitValue::Float(v) => v,
        };
        let c = safe_ident(&format!("DEFAULT_{}", b.name.text.trim_start_matches("r#").to_uppercase()), b.name.span);
        let value = if value.is_finite() { value } else { 0.0 };
        let t = rust_type(b.elem);
        let doc = format!("Default of uniform `{}`.", b.name.text);
        let lit = match b.elem {
            // The checker admits block formats for weights only, which take no default.
            Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => {
                let v = finite(value as f32);
                quote!(#v)
            }
            Elem::F16 => {
                let v = finite(value as f32);
                quote!(::forge::f16::from_f32_const(#v))
            }
            Elem::BF16 => {
                let v = finite(value as f32);
                quote!(::forge::bf16::from_f32_const(#v))
            }
            Elem::U32 => {
                let v = value as u32;
                quote!(#v)
            }
            Elem::I32 => {
                let v = value as i32;
                quote!(#v)
            }
        };
        Some(quote!(#[doc = #doc] pub const #c: #t = #lit;))
    });
    let inputs_impl_lt = if has(Usage::Input) { quote!(<'_>) } else { quote!() };
    let graph_doc = doc_attrs(&graph.doc);
    let state_api = if has(Usage::State) {
        quote! {
            /// Reads every `state` binding back from the device.
            pub fn read_state(&mut self) -> ::forge::Result<#state_t> {
                ::core::result::Result::Ok(#state_t { #(#state_reads,)* })
            }
            /// Overwrites every `state` binding.
            pub fn write_state(&mut self, state: &#state_t) -> ::forge::Result<()> {
                #(#state_writes)*
                ::core::result::Result::Ok(())
            }
        }
    } else {
        quote!()
    };
    let state_struct = if has(Usage::State) { state_struct } else { quote!() };

    quote! {
        #graph_doc
        #[derive(Debug)]
        #vis struct #name { inner: ::forge::GraphInstance }
        #dims_struct
        #weights_struct
        #inputs_struct
        #outputs_struct
        #state_struct

        impl #inputs_t #inputs_impl_lt { #(#defaults)* }

        #[allow(dead_code)]
        impl #name {
            /// The graph as written, parsed again at run time by the same code the macro used.
            pub const SOURCE: &'static str = #source;

            /// The checked graph, parsed again at run time by the same code the macro used.
            pub fn graph() -> ::forge::Result<::forge::graph::Checked> {
                ::forge::parse_graph_source(Self::SOURCE)
            }

            /// Lowers the graph for `dims` and compiles it on `ctx` (pipelines are cached).
            pub fn new(ctx: &::forge::Context, dims: #dims_t) -> ::forge::Result<Self> {
                let graph = Self::graph()?;
                let inner = ::forge::GraphInstance::new(ctx, &graph, &[#(dims.#dim_fields),*])?;
                ::core::result::Result::Ok(Self { inner })
            }

            /// Uploads the resident weights (again, to replace them).
            pub fn load_weights(&mut self, weights: #weights_t #weights_lt) -> ::forge::Result<()> {
                let _ = &weights;
                self.inner.load_weights(&[#(#weight_pairs),*])
            }

            /// Runs the whole graph in one submission and reads the outputs back.
            pub fn run(&mut self, inputs: #inputs_t #inputs_lt) -> ::forge::Result<#outputs_t> {
                let _ = &inputs;
                let mut outs = self.inner.run(&[#(#input_pairs),*], &[#(#uniform_pairs),*])?;
                let _ = &mut outs;
                ::core::result::Result::Ok(#outputs_t { #(#output_takes,)* })
            }

            #state_api

            /// Per-node device times of the last run.
            pub fn last_profile(&self) -> ::core::option::Option<&::forge::Profile> {
                self.inner.last_profile()
            }

            /// The code every node lowered to for `target`.
            pub fn source(&self, target: ::forge::Target) -> ::forge::Result<::forge::Source> {
                self.inner.source(target)
            }

            /// The untyped instance underneath.
            pub fn instance(&self) -> &::forge::GraphInstance {
                &self.inner
            }

            /// The untyped instance underneath, mutably (profiling switches, untyped runs).
            pub fn instance_mut(&mut self) -> &mut ::forge::GraphInstance {
                &mut self.inner
            }
        }
    }
}
