#pragma once
// MOCK of <torch/headeronly/core/enum_tag.h> (PyTorch 2.9+). The real header
// defines torch::headeronly::Tag and re-exports it as at::Tag; here the enum
// comes from the mock <ATen/core/enum_tag.h>. Either way both names denote
// one enum.
#include <ATen/core/enum_tag.h>

namespace torch::headeronly {
using at::Tag;
} // namespace torch::headeronly
