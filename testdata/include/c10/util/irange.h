#pragma once
// MOCK of <c10/util/irange.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/macros/Macros.h>

namespace c10 {
namespace detail {

template <
    typename I,
    bool one_sided = false,
    std::enable_if_t<std::is_integral<I>::value, int> = 0>
struct integer_iterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = I;
  using difference_type = std::ptrdiff_t;
  using pointer = I*;
  using reference = I&;

  explicit integer_iterator(I value);
  I operator*() const;
  I const* operator->() const;
  integer_iterator& operator++();
  integer_iterator operator++(int);
  bool operator==(const integer_iterator& other) const;
  bool operator!=(const integer_iterator& other) const;

 protected:
  I value;
};

} // namespace detail

template <
    typename I,
    bool one_sided = false,
    std::enable_if_t<std::is_integral<I>::value, bool> = true>
struct integer_range {
 public:
  integer_range(I begin, I end);
  using iterator = detail::integer_iterator<I, one_sided>;
  iterator begin() const;
  iterator end() const;

 private:
  iterator begin_;
  iterator end_;
};

/// Creates an integer range for the half-open interval [begin, end)
/// If end<=begin, then the range is empty.
template <
    typename Integer1,
    typename Integer2,
    std::enable_if_t<std::is_integral<Integer1>::value, bool> = true,
    std::enable_if_t<std::is_integral<Integer2>::value, bool> = true>
integer_range<Integer2> irange(Integer1 begin, Integer2 end);

/// Creates an integer range for the half-open interval [0, end)
/// If end<=begin, then the range is empty
template <
    typename Integer,
    std::enable_if_t<std::is_integral<Integer>::value, bool> = true>
integer_range<Integer, true> irange(Integer end);

} // namespace c10
