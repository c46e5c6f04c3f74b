#pragma once
// MOCK of <torch/csrc/autograd/custom_function.h> (PyTorch 2.x) for fast
// torchlint unit tests: torch::autograd::Function<T> with its static apply
// (the real declaration; a trivial body, since T may be a local class) and
// AutogradContext. Variable and variable_list are the real aliases of
// torch/csrc/autograd/variable.h and function.h.
#include <ATen/ATen.h>

#include <type_traits>
#include <utility>
#include <vector>

namespace torch::autograd {

using Variable = at::Tensor;
using variable_list = std::vector<Variable>;

struct AutogradContext;

template <typename X, typename... Args>
using forward_t = decltype(X::forward(nullptr, std::declval<Args>()...));

template <class T>
struct Function {
  template <typename X = T, typename... Args>
  static auto apply(Args &&...args)
      -> std::enable_if_t<std::is_same_v<X, T>, forward_t<X, Args...>> {
    return X::forward(nullptr, std::forward<Args>(args)...);
  }
  static constexpr bool is_traceable = false;
};

struct AutogradContext {
  AutogradContext() = default;
  AutogradContext(const AutogradContext &other) = delete;
  AutogradContext &operator=(const AutogradContext &other) = delete;
  ~AutogradContext() = default;

  void save_for_backward(variable_list to_save);
  void mark_dirty(const variable_list &inputs);
  void mark_non_differentiable(const variable_list &outputs);
  void set_materialize_grads(bool value);
  variable_list get_saved_variables() const;
  bool needs_input_grad(size_t output_edge_index) const;
};

} // namespace torch::autograd
