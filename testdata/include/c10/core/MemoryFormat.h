#pragma once
// MOCK of <c10/core/MemoryFormat.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>

namespace c10 {

// Memory format is not the property of a Tensor. It is the way to tell an
// operator how the result should be organized in memory and nothing more.
enum class MemoryFormat : int8_t {
  Contiguous,
  Preserve,
  ChannelsLast,
  ChannelsLast3d,
  NumOptions
};

// If you are seeing this, it means that this call site was not checked if
// the memory format could be preserved, and it was switched to old default
// behaviour of contiguous
#define LEGACY_CONTIGUOUS_MEMORY_FORMAT c10::get_contiguous_memory_format()

inline MemoryFormat get_contiguous_memory_format() {
  return MemoryFormat::Contiguous;
}

C10_API std::ostream& operator<<(
    std::ostream& stream,
    at::MemoryFormat memory_format);

// Note: Hardcoded the channel last stride indices here to get better
// performance
template <typename T>
std::vector<T> get_channels_last_strides_2d(ArrayRef<T> sizes);
std::vector<int64_t> get_channels_last_strides_2d(IntArrayRef sizes);

template <typename T>
std::vector<T> get_channels_last_strides_3d(ArrayRef<T> sizes);
std::vector<int64_t> get_channels_last_strides_3d(IntArrayRef sizes);

C10_API bool is_channels_last_strides_2d(
    const IntArrayRef sizes,
    const IntArrayRef strides);
C10_API bool is_channels_last_strides_3d(
    const IntArrayRef sizes,
    const IntArrayRef strides);

} // namespace c10
