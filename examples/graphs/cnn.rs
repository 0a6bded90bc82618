// The CNN graphs, shared by examples/cnn.rs, tests/conv.rs and the codegen snapshot test: the
// stem and the first basic block of a ResNet-18, batch norms folded into a per-channel scale
// and shift (`bench/cnn_torch.py` runs the same layers in PyTorch). One pair a storage type:
// f16/bf16 bindings are read as f32, computed in f32 and rounded once on store.

macro_rules! cnn_graphs {
    ($stem:ident, $block:ident, $elem:ident) => {
        forge_graph! {
            /// ResNet stem: a 7x7 convolution of stride 2 (3 → 64 channels), batch norm, ReLU
            /// and a 3x3 max pool of stride 2: `[B, 3, H, W]` → `[B, 64, H / 4, W / 4]`.
            pub graph $stem {
                dims { B, H, W, H2 = H / 2, W2 = W / 2, H4 = H / 4, W4 = W / 4 }

                input  x:     $elem[B, 3, H, W];
                weight w:     $elem[64, 3, 7, 7];
                weight scale: $elem[64, 1, 1];
                weight shift: $elem[64, 1, 1];
                temp   z:     $elem[B, 64, H2, W2];
                temp   a:     $elem[B, 64, H2, W2];
                output y:     $elem[B, 64, H4, W4];

                z = conv2d(x, w, stride = 2, padding = 3);
                a = relu(z * scale + shift);
                y = max_pool(a, kernel = 3, stride = 2, padding = 1);
            }
        }

        forge_graph! {
            /// ResNet basic block: conv3x3 → batch norm → ReLU → conv3x3 → batch norm, plus the
            /// identity, ReLU: `[B, C, H, W]` → `[B, C, H, W]`.
            pub graph $block {
                dims { B, C, H, W }

                input  x:  $elem[B, C, H, W];
                weight w1: $elem[C, C, 3, 3];
                weight s1: $elem[C, 1, 1];
                weight t1: $elem[C, 1, 1];
                weight w2: $elem[C, C, 3, 3];
                weight s2: $elem[C, 1, 1];
                weight t2: $elem[C, 1, 1];
                temp   z1: $elem[B, C, H, W];
                temp   a1: $elem[B, C, H, W];
                temp   z2: $elem[B, C, H, W];
                output y:  $elem[B, C, H, W];

                z1 = conv2d(x, w1, padding = 1);
                a1 = relu(z1 * s1 + t1);
                z2 = conv2d(a1, w2, padding = 1);
                y = relu(z2 * s2 + t2 + x);
            }
        }
    };
}

cnn_graphs!(ResNetStem, BasicBlock, f32);
cnn_graphs!(ResNetStemF16, BasicBlockF16, f16);
cnn_graphs!(ResNetStemBf16, BasicBlockBf16, bf16);
