#pragma once
// MOCK of <c10/util/TypeTraits.h> (PyTorch 2.x) for fast torchlint unit tests.
// Only the traits used by the other mocks.
#include <c10/macros/Macros.h>

namespace c10::guts {

/**
 * is_equality_comparable<T> is true_type iff the equality operator is defined
 * for T.
 */
template <class T, class Enable = void>
struct is_equality_comparable : std::false_type {};
template <class T>
struct is_equality_comparable<
    T,
    std::void_t<decltype(std::declval<T&>() == std::declval<T&>())>>
    : std::true_type {};

/**
 * is_function_type<T> is true_type iff T is a plain function type (i.e.
 * "Result(Args...)")
 */
template <class T>
struct is_function_type : std::false_type {};
template <class Result, class... Args>
struct is_function_type<Result(Args...)> : std::true_type {};
template <class T>
using is_function_type_t = typename is_function_type<T>::type;

/**
 * is_instantiation_of<T, I> is true_type iff I is a template instantiation of
 * T (e.g. vector<int> is an instantiation of vector) Example:
 *    is_instantiation_of_t<vector, vector<int>> // true
 *    is_instantiation_of_t<pair, pair<int, string>> // true
 *    is_instantiation_of_t<vector, pair<int, string>> // false
 */
template <template <class...> class Template, class T>
struct is_instantiation_of : std::false_type {};
template <template <class...> class Template, class... Args>
struct is_instantiation_of<Template, Template<Args...>> : std::true_type {};
template <template <class...> class Template, class T>
using is_instantiation_of_t = typename is_instantiation_of<Template, T>::type;

/**
 * is_functor<T> is true_type iff T is a functor (i.e. has a call operator).
 */
namespace detail {
template <class T, class Enable = void>
struct is_functor_ : std::false_type {};
template <class T>
struct is_functor_<T, std::void_t<decltype(&T::operator())>>
    : std::true_type {};
} // namespace detail
template <class T>
struct is_functor : detail::is_functor_<std::decay_t<T>> {};

/**
 * is_stateless_lambda<T> is true iff the lambda type T is stateless
 * (i.e. does not have a closure).
 */
namespace detail {
template <class LambdaType, class FuncType>
struct is_stateless_lambda__ final {
  static_assert(
      !std::is_same_v<LambdaType, LambdaType>,
      "Base case shouldn't be hit");
};
// implementation idea: According to the C++ standard, stateless lambdas are
// convertible to function pointers
template <class LambdaType, class C, class Result, class... Args>
struct is_stateless_lambda__<LambdaType, Result (C::*)(Args...) const>
    : std::is_convertible<LambdaType, Result (*)(Args...)> {};
template <class LambdaType, class C, class Result, class... Args>
struct is_stateless_lambda__<LambdaType, Result (C::*)(Args...)>
    : std::is_convertible<LambdaType, Result (*)(Args...)> {};

// case where LambdaType is not even a functor
template <class LambdaType, class Enable = void>
struct is_stateless_lambda_ final : std::false_type {};
// case where LambdaType is a functor
template <class LambdaType>
struct is_stateless_lambda_<
    LambdaType,
    std::enable_if_t<is_functor<LambdaType>::value>>
    : is_stateless_lambda__<LambdaType, decltype(&LambdaType::operator())> {};
} // namespace detail
template <class T>
using is_stateless_lambda = detail::is_stateless_lambda_<std::decay_t<T>>;

/**
 * is_type_condition<C> is true_type iff C<...> is a type trait representing a
 * condition (i.e. has a constexpr static bool ::value member)
 */
template <template <class> class C, class Enable = void>
struct is_type_condition : std::false_type {};

/**
 * is_fundamental<T> is true_type iff the lambda type T is a fundamental type
 * (that is, arithmetic type, void, or nullptr_t). Example:
 *    is_fundamental<int> // true
 * We define it here to resolve a MSVC bug. See
 * https://github.com/pytorch/pytorch/issues/30932 for details.
 */
template <class T>
struct is_fundamental : std::is_fundamental<T> {};

// A type that is always false, used in static_asserts.
template <class... T>
struct false_t : std::false_type {};
template <template <class> class... T>
struct false_higher_t : std::false_type {};

} // namespace c10::guts
