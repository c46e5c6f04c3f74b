#pragma once
// MOCK of <ATen/core/op_registration/op_registration.h> (PyTorch 2.x) for fast
// torchlint unit tests. Declarations only; modelled on the real header (the
// legacy c10::RegisterOperators API).

// Mock-only: trivial bodies below intentionally ignore their parameters.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <ATen/core/function_schema.h>
#include <c10/core/CompileTimeFunctionPointer.h>
#include <c10/core/DispatchKey.h>
#include <c10/util/Optional.h>
#include <c10/util/TypeTraits.h>

namespace c10 {


// Inherit from OperatorKernel to implement a c10 kernel.
class TORCH_API OperatorKernel {
 public:
  virtual ~OperatorKernel() = default;
};

/**
 * An instance of this class handles the registration for one or more
 * operators. Make sure you keep the RegisterOperators instance around since it
 * will deregister the operator it's responsible for in its destructor.
 *
 * Example:
 *
 * > namespace {
 * >   class my_kernel_cpu final : public c10::OperatorKernel {
 * >   public:
 * >     Tensor operator()(Tensor a, Tensor b) {...}
 * >   };
 * > }
 * >
 * > static auto registry = c10::RegisterOperators()
 * >     .op(c10::RegisterOperators::options()
 * >         .schema("my_op")
 * >         .kernel<my_kernel_cpu>(DispatchKey::CPU));
 */
class TORCH_API RegisterOperators final {
 public:
  RegisterOperators();
  ~RegisterOperators();

  RegisterOperators(const RegisterOperators&) = delete;
  RegisterOperators& operator=(const RegisterOperators&) = delete;
  RegisterOperators(RegisterOperators&&) noexcept;
  RegisterOperators& operator=(RegisterOperators&&) noexcept;

  class TORCH_API Options final {
   public:
    Options(const Options&) = delete;
    Options(Options&&) noexcept = delete;
    Options& operator=(const Options&) = delete;
    Options& operator=(Options&&) noexcept = delete;

    /**
     * Use this to register an operator whose kernel is implemented as a
     * functor. The kernel is only called for inputs matching the given
     * dispatch key.
     */
    template <class KernelFunctor, class... ConstructorParameters>
    // enable_if: only enable it if KernelFunctor is actually a functor
    std::enable_if_t<guts::is_functor<KernelFunctor>::value, Options&&>
    kernel(DispatchKey dispatch_key, ConstructorParameters&&... constructorParameters) && {
      return std::move(*this);
    }

    /**
     * Use this to register an operator whose kernel is implemented as a
     * functor. The kernel is a catch-all kernel, meaning it's called
     * independent from the input.
     */
    template <class KernelFunctor, class... ConstructorParameters>
    // enable_if: only enable it if KernelFunctor is actually a functor
    std::enable_if_t<guts::is_functor<KernelFunctor>::value, Options&&>
    catchAllKernel(ConstructorParameters&&... constructorParameters) && {
      return std::move(*this);
    }

    /**
     * Use this to register an operator whose kernel is implemented by a
     * function. The kernel is only called for inputs matching the given
     * dispatch key.
     */
    template <class FuncType, FuncType* kernel_func>
    // enable_if: only enable it if FuncType is actually a function
    std::enable_if_t<guts::is_function_type<FuncType>::value, Options&&>
    kernel(DispatchKey dispatch_key) && {
      return std::move(*this);
    }

    /**
     * Use this to register an operator whose kernel is implemented by a
     * function. The kernel is a catch-all kernel, meaning it's called
     * independent from the input.
     */
    template <class FuncType, FuncType* kernel_func>
    // enable_if: only enable it if FuncType is actually a function
    std::enable_if_t<guts::is_function_type<FuncType>::value, Options&&>
    catchAllKernel() && {
      return std::move(*this);
    }

    template <class FuncType>
    // enable_if: only enable it if FuncType is actually a function
    std::enable_if_t<guts::is_function_type<FuncType>::value, Options&&>
    kernel(DispatchKey dispatch_key, FuncType* kernel_func) && {
      return std::move(*this);
    }

    template <class FuncType>
    // enable_if: only enable it if FuncType is actually a function
    std::enable_if_t<guts::is_function_type<FuncType>::value, Options&&>
    catchAllKernel(FuncType* kernel_func) && {
      return std::move(*this);
    }

    /**
     * Use this to register an operator whose kernel is implemented as a
     * lambda. The kernel is only called for inputs matching the given
     * dispatch key.
     */
    template <class Lambda>
    // enable_if: only enable it if Lambda is a functor (note: lambdas are
    // functors)
    std::enable_if_t<guts::is_functor<std::decay_t<Lambda>>::value, Options&&>
    kernel(DispatchKey dispatch_key, Lambda&& functor) && {
      return std::move(*this);
    }

    /**
     * Use this to register an operator whose kernel is implemented as a
     * lambda. The kernel is a catch-all kernel, meaning it's called
     * independent from the input.
     */
    template <class Lambda>
    // enable_if: only enable it if Lambda is a functor (note: lambdas are
    // functors)
    std::enable_if_t<guts::is_functor<std::decay_t<Lambda>>::value, Options&&>
    catchAllKernel(Lambda&& lambda) && {
      return std::move(*this);
    }

    Options&& aliasAnalysis(AliasAnalysisKind aliasAnalysisKind) &&;

    /**
     * Use this to specify the schema for an operator. You can also specify
     * the operator name only to have the function signature part of the
     * schema be inferred from the kernel function.
     */
    Options&& schema(const std::string& schemaOrName);

   private:
    Options();
    friend class RegisterOperators;
  };

  /**
   * Call this to get an instance of registration options, which
   * can be passed to a call to RegisterOperators::op() to specify
   * these options for the operator registration.
   * See class doc comment for examples.
   */
  static Options options();

  /**
   * Call this to register an operator. See class doc comment for examples.
   */
  RegisterOperators&& op(Options&& options) &&;

  // Regular mutator version of the && version above
  RegisterOperators& op(Options&& options) &;

  /**
   * This is a shorthand for RegisterOperators::op(Options) where you can
   * specify the operator schema outside of the options parameter.
   * See class doc comment for examples.
   */
  RegisterOperators&& op(
      const std::string& schemaOrName,
      Options&& options = RegisterOperators::options()) &&;

  // internal only for registering caffe2 ops
  RegisterOperators&& op(FunctionSchema schema, Options&& options) &&;

  template <class FuncType>
  explicit RegisterOperators(
      const std::string& schemaOrName,
      FuncType&& func,
      Options&& options = RegisterOperators::options())
      : RegisterOperators() {}

  /**
   * This API registers an operator based on a kernel function pointer.
   *
   * Given a kernel
   *
   * > namespace { Tensor my_kernel_cpu(Tensor a, Tensor b) {...} }
   *
   * This API looks like:
   *
   * > static auto registry = c10::RegisterOperators()
   * >     .op("my_op", &my_kernel_cpu);
   */
  template <class FuncType>
  // enable_if: only enable it if FuncType is actually a function.
  std::enable_if_t<guts::is_function_type<FuncType>::value, RegisterOperators&&>
  op(const std::string& schemaOrName,
     FuncType* func,
     Options&& options = RegisterOperators::options()) && {
    return std::move(*this);
  }

  /**
   * This API registers an operator based on a kernel lambda.
   *
   * This API looks like:
   *
   * > static auto registry = c10::RegisterOperators()
   * >     .op("my_op", [] (Tensor a, Tensor b) {...});
   */
  template <class Lambda>
  // enable_if: only enable it if Lambda is actually a stateless lambda
  std::enable_if_t<
      guts::is_functor<Lambda>::value &&
          guts::is_stateless_lambda<std::decay_t<Lambda>>::value,
      RegisterOperators&&>
  op(const std::string& schemaOrName,
     Lambda&& lambda,
     Options&& options = RegisterOperators::options()) && {
    return std::move(*this);
  }

  template <class Lambda>
  C10_DEPRECATED_MESSAGE(
      "Registering operator kernels with stateful lambdas (i.e. lambdas with a capture) has non-obvious behavior. This is deprecated. Please use a lambda without a capture or a functor class instead.")
  // enable_if: only enable it if Lambda is actually a functor but not a
  // stateless lambda
  std::enable_if_t<
      guts::is_functor<Lambda>::value &&
          !guts::is_stateless_lambda<std::decay_t<Lambda>>::value,
      RegisterOperators&&> op(const std::string& schemaOrName,
                              Lambda&& lambda,
                              Options&& options =
                                  RegisterOperators::options()) && {
    return std::move(*this);
  }
};

} // namespace c10

namespace torch {
// Old-style API
using RegisterOperators = c10::RegisterOperators;
} // namespace torch

#pragma GCC diagnostic pop
