#pragma once
// MOCK of <ATen/core/TensorBase.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.

// Mock-only: trivial bodies below intentionally ignore their parameters.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <c10/core/Device.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>
#include <c10/core/ScalarTypeToTypeMeta.h>
#include <c10/core/SymInt.h>
#include <c10/core/SymIntArrayRef.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/Exception.h>
#include <c10/util/MaybeOwned.h>
#include <c10/util/Optional.h>

#include <ATen/core/TensorAccessor.h>
#include <c10/util/intrusive_ptr.h>

namespace c10 {
class Scalar;
struct TensorImpl;
struct UndefinedTensorImpl;
struct Storage;
} // namespace c10

namespace torch::autograd {

struct Node;

} // namespace torch::autograd

namespace at {

class Tensor;
class TensorBase;

// Convert Tensor to TensorBase without any need to include Tensor.h
TORCH_API const TensorBase& get_tensor_base(const Tensor& t);

namespace impl {
bool variable_excluded_from_dispatch();
} // namespace impl

// NOTE: [Tensor vs. TensorBase]
//
// Tensor, being the central data structure in PyTorch, gets used and
// it's header included almost everywhere. ... TensorBase represents a
// reference counted handle to TensorImpl, exactly the same as Tensor.
// However, TensorBase doesn't have code generated methods in it's API and
// thus no dependence on native_functions.yaml.
class TORCH_API TensorBase {
 public:
  struct unsafe_borrow_t {
    explicit unsafe_borrow_t() = default;
  };

 protected:
  // Create a Tensor with a +0 reference count. Special care must be
  // taken to avoid decrementing this reference count at destruction
  // time. Intended to support MaybeOwnedTraits<Tensor>.
  explicit TensorBase(unsafe_borrow_t, const TensorBase& rhs);
  friend c10::MaybeOwnedTraits<TensorBase>;

 public:
  TensorBase() = default;
  TensorBase(const TensorBase&) = default;
  TensorBase(TensorBase&&) noexcept = default;
  ~TensorBase() noexcept = default;

  int64_t dim() const;
  int64_t storage_offset() const;

  TensorBase contiguous(
      MemoryFormat memory_format = MemoryFormat::Contiguous) const;

  /// Should be used if *this can reasonably be expected to be contiguous and
  /// performance is important.
  c10::MaybeOwned<TensorBase> expect_contiguous(
      MemoryFormat memory_format = MemoryFormat::Contiguous) const&;

  // Use .contiguous() instead. Trying to borrow from a prvalue
  // will only lead to trouble and dangling references.
  c10::MaybeOwned<TensorBase> expect_contiguous(
      MemoryFormat memory_format = MemoryFormat::Contiguous) && = delete;

  const TensorBase& fill_(const c10::Scalar& scalar) const;
  const TensorBase& zero_() const;

  TensorBase to(
      at::TensorOptions options = {},
      bool non_blocking = false,
      bool copy = false,
      std::optional<at::MemoryFormat> memory_format = std::nullopt) const;

  bool is_complex() const;
  bool is_floating_point() const;
  bool is_signed() const;

  c10::SymInt sym_size(int64_t dim) const;
  c10::SymInt sym_stride(int64_t dim) const;

  int64_t size(int64_t dim) const;
  int64_t stride(int64_t dim) const;

  TensorImpl* unsafeGetTensorImpl() const;
  TensorImpl* unsafeReleaseTensorImpl();

  bool defined() const;

  void reset();

  TensorBase& operator=(const TensorBase& x) & noexcept;
  TensorBase& operator=(TensorBase&& x) & noexcept;

  // Ban assignment to rvalues, since at::Tensor (weirdly) performs a deep copy
  // here
  TensorBase& operator=(const TensorBase&) && = delete;
  TensorBase& operator=(TensorBase&&) && noexcept = delete;

  bool is_same(const TensorBase& other) const noexcept;
  size_t use_count() const noexcept;
  size_t weak_use_count() const noexcept;

  std::string toString() const;

  IntArrayRef sizes() const;
  c10::SymIntArrayRef sym_sizes() const;
  c10::SymIntArrayRef sym_strides() const;
  IntArrayRef strides() const;
  int64_t ndimension() const;

  bool is_contiguous(
      at::MemoryFormat memory_format = at::MemoryFormat::Contiguous) const;

  bool is_non_overlapping_and_dense() const;

  at::MemoryFormat suggest_memory_format(
      bool channels_last_strides_exact_match = false) const;

  // Total bytes consumed by the "view" of elements of the array.  Does not
  // include size of metadata.  The number reported here does not necessarily
  // correspond to the true physical memory consumed by a tensor; instead,
  // it reports the memory the tensor would take *if* it were contiguous.
  // Defined to be numel() * itemsize()
  size_t nbytes() const;

  c10::SymInt sym_nbytes() const;

  int64_t numel() const;

  c10::SymInt sym_numel() const;

  c10::SymInt sym_storage_offset() const;

  // Length of one array element in bytes.  This is the traditional
  // Numpy naming.
  size_t itemsize() const;

  // Same as itemsize().  This is the PyTorch naming.
  int64_t element_size() const;

  DispatchKeySet key_set() const;
  ScalarType scalar_type() const;
  bool has_storage() const;
  const Storage& storage() const;
  bool is_alias_of(const at::TensorBase& other) const;

  // Move the storage backend to shm based
  // to enable memory sharing across processes.
  //
  // NB1: the ideal behavior of this API still requires further discussion
  // but for now we are inclined to keep it consistent with existing THP
  // behavior https://github.com/pytorch/pytorch/blob/4dca9bde0552afc67b5b74f4a0696fe6055709c4/torch/storage.py#L196-L212
  // so we don't assert on anything here and rely on caller knowing
  // what it's doing.
  //
  // NB2: this currently provides Linux fd based shm support only
  // to simplify the storage lifetime management logic in ATen
  // and similarly for now we are not adding support for file system based
  // shm support like in THP due to additional GC manager support needed
  // to prevent leaks.
  // As such, calling this from non supported systems (e.g. Windows) would fail.
  void share_memory_();

  bool _is_zerotensor() const;
  void _set_zero(bool zero) const;
  bool is_conj() const;
  void _set_conj(bool conjugate) const;
  bool is_neg() const;
  void _set_neg(bool negative) const;

  /// Returns a `Tensor`'s layout.
  Layout layout() const;

  /// Returns a `Tensor`'s dtype (`TypeMeta`).
  caffe2::TypeMeta dtype() const;

  /// Returns a `Tensor`'s device.
  Device device() const;

  /// Returns a `Tensor`'s device index.
  DeviceIndex get_device() const;

  /// Returns if a `Tensor` has CPU backend.
  bool is_cpu() const;

  /// Returns if a `Tensor` has CUDA backend.
  bool is_cuda() const;

  /// Returns if a `Tensor` has IPU backend.
  bool is_ipu() const;

  /// Returns if a `Tensor` has XPU backend.
  bool is_xpu() const;

  /// Returns if a `Tensor` has XLA backend.
  bool is_xla() const;

  /// Returns if a `Tensor` has MTIA backend.
  bool is_mtia() const;

  /// Returns if a `Tensor` has HPU backend.
  bool is_hpu() const;

  /// Returns if a `Tensor` has Lazy backend.
  bool is_lazy() const;

  /// Returns if a `Tensor` has HIP backend.
  bool is_hip() const;

  /// Returns if a `Tensor` has VE backend.
  bool is_ve() const;

  /// Returns if a `Tensor` has PrivateUse1 backend.
  bool is_privateuseone() const;

  /// Returns if a `Tensor` has sparse backend.
  bool is_sparse() const;

  /// Returns is a `Tensor` has a sparse CSR backend.
  bool is_sparse_csr() const;

  /// Returns if a `Tensor` is mkldnn tensor.
  bool is_mkldnn() const;

  /// Returns if a `Tensor` is mps tensor.
  bool is_mps() const;

  /// Returns if a `Tensor` is maia tensor.
  bool is_maia() const;

  /// Returns if a `Tensor` is vulkan tensor.
  bool is_vulkan() const;

  /// Returns if a `Tensor` is metal tensor.
  bool is_metal() const;

  /// Returns if a `Tensor` has quantized backend.
  bool is_quantized() const;

  /// Returns if a `Tensor` is a meta tensor.  Meta tensors can
  /// also have other designations.
  bool is_meta() const;

  /// Returns if a `Tensor` is an inference tensor.
  bool is_inference() const;

  // Returns if a `Tensor` is a NestedTensor.
  bool is_nested() const;

  /// Returns if a `Tensor` has any dimension names
  bool has_names() const;

  /// Returns the `TensorOptions` corresponding to this `Tensor`. Defined in
  /// TensorOptions.h.
  TensorOptions options() const;

  const void* const_data_ptr() const;

  void* mutable_data_ptr() const;

  // TODO(#97856) Make this return a const pointer. This currently
  //              returns a non-const pointer because of the large
  //              number of clients that we still want to audit before
  //              migrating to mutable_data_ptr().
  void* data_ptr() const;

  template <typename T, std::enable_if_t<!std::is_const_v<T>, int> = 0>
  const T* const_data_ptr() const;

  template <typename T, std::enable_if_t<std::is_const_v<T>, int> = 0>
  const std::remove_const_t<T>* const_data_ptr() const;

  template <typename T>
  T* mutable_data_ptr() const;

  // Legacy interface during the migration to indicate that a callsite
  // has not been audited for mutability.
  //
  // Do not add new uses of this, use const_data_ptr() if possible,
  // mutable_data_ptr() otherwise.
  //
  // TODO(#97856) Make this return a const pointer. This is currently
  //              const because of the vast number of clients that
  //              rely on this.
  template <typename T>
  T* data_ptr() const;

  // Purposely not defined here to avoid inlining
  void print() const;

  // Return a `TensorAccessor` for CPU `Tensor`s. You have to specify scalar
  // type and dimension.
  template <typename T, size_t N>
  TensorAccessor<T, N> accessor() const&;
  template <typename T, size_t N>
  TensorAccessor<T, N> accessor() && = delete;

  // Return a `GenericPackedTensorAccessor` for CUDA `Tensor`s. You have to
  // specify scalar type and dimension. You can optionally specify
  // RestrictPtrTraits as a template parameter to cast the data pointer to a
  // __restrict__ pointer. In order to use this, your CUDA kernel has to take a
  // corresponding GenericPackedTensorAccessor as an argument.
  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits,
      typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  generic_packed_accessor() const&;
  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits,
      typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N> generic_packed_accessor() && = delete;

  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const&;
  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() && = delete;

  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const&;
  template <
      typename T,
      size_t N,
      template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() && = delete;

  // ~~~~~ Autograd API ~~~~~

  const TensorBase& set_requires_grad(bool requires_grad) const;
  bool requires_grad() const;

  // The Forward AD API functions below are low level and are not to be used by
  // end users who should use the API provided in torch/csrc/autograd.h

  /// This function returns the forward gradient for this Tensor at the given
  /// level.
  const Tensor& _fw_grad(uint64_t level) const;

  /// This function can be used to set the value of the forward grad.
  /// Note that the given new_grad might not be used directly if it has
  /// different metadata (size/stride/storage offset) compared to this Tensor.
  /// In that case, new_grad content will be copied into a new Tensor
  void _set_fw_grad(
      const TensorBase& new_grad,
      uint64_t level,
      bool is_inplace_op) const;

  /// NOTE: This is similar to the legacy `.data()` function on `Variable`, and
  /// is intended to be used from functions that need to access the
  /// `Variable`'s equivalent `Tensor` (i.e. `Tensor` that shares the same
  /// storage and tensor metadata with the `Variable`).
  at::TensorBase tensor_data() const;

  /// NOTE: `var.variable_data()` in C++ has the same semantics as
  /// `tensor.data` in Python, which create a new `Variable` that shares the
  /// same storage and tensor metadata with the original `Variable`, but with a
  /// completely new autograd history.
  at::TensorBase variable_data() const;

  // Gradient Node and Edges
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  /// Gets the gradient function of the `Variable`. If this is a leaf variable,
  /// the pointer returned will be null.
  const std::shared_ptr<torch::autograd::Node>& grad_fn() const;

  // Hooks
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  template <typename T>
  using hook_return_void_t = std::enable_if_t<
      std::is_void<typename std::invoke_result_t<T&, TensorBase>>::value,
      unsigned>;
  template <typename T>
  using hook_return_var_t = std::enable_if_t<
      std::is_same_v<typename std::invoke_result_t<T&, TensorBase>, TensorBase>,
      unsigned>;

  /// Registers a backward hook.
  template <typename T>
  hook_return_void_t<T> register_hook(T&& hook) const {
    return 0;
  }
  template <typename T>
  hook_return_var_t<T> register_hook(T&& hook) const {
    return 0;
  }

 protected:
  unsigned _register_hook(
      std::function<TensorBase(const TensorBase&)> hook) const;

 public:
  /// Remove hook at given position
  void remove_hook(unsigned pos) const;

  // Variable methods
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  bool is_leaf() const;

  int64_t output_nr() const;

  void set_data(const TensorBase& new_data) const;

  TensorBase data() const;

  int64_t _version() const;

  void retain_grad() const;

  bool retains_grad() const;

  const TensorBase& requires_grad_(bool _requires_grad = true) const;

  // View Variables
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  /// Returns true if this `Variable` is a view of another `Variable`.
  bool is_view() const;

  /// Returns the `Variable` that this `Variable` is a view of. If this
  /// `Variable` is not a view, throw a `std::runtime_error`.
  const TensorBase& _base() const;

  // Miscellaneous
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  const std::string& name() const;

 protected:
  void enforce_invariants();

 private:
  TensorBase __dispatch_contiguous(c10::MemoryFormat) const;

 protected:
  // As in the real header: the handle owns its TensorImpl, so Tensor is not
  // trivially destructible and temporaries get CXXBindTemporaryExpr nodes,
  // which checks must see through exactly as on the real headers.
  c10::intrusive_ptr<c10::TensorImpl> impl_;
};

int64_t get_device(const TensorBase& self);

namespace detail {
// Helper creator for Tensor class which doesn't requires the users to pass
// in an intrusive_ptr instead it just converts the argument passed to
// requested intrusive_ptr type.
template <typename T, typename... Args>
TensorBase make_tensor_base(Args&&... args);

} // namespace detail

c10::DispatchKey legacyExtractDispatchKey(const TensorBase& t);

namespace symint {

template <typename T>
using enable_if_symint = std::enable_if_t<std::is_same_v<T, c10::SymInt>>;
template <typename T>
using enable_if_int = std::enable_if_t<std::is_same_v<T, int64_t>>;

template <typename T, typename = enable_if_symint<T>>
c10::SymIntArrayRef sizes(const TensorBase& t);
template <typename T, typename = enable_if_int<T>>
IntArrayRef sizes(const TensorBase& t);

template <typename T, typename = enable_if_symint<T>>
c10::SymInt size(const TensorBase& t, int64_t dim);
template <typename T, typename = enable_if_int<T>>
int64_t size(const TensorBase& t, int64_t dim);

template <typename T, typename = enable_if_symint<T>>
c10::SymIntArrayRef strides(const TensorBase& t);
template <typename T, typename = enable_if_int<T>>
IntArrayRef strides(const TensorBase& t);

template <typename T, typename = enable_if_symint<T>>
c10::SymInt numel(const TensorBase& t);
template <typename T, typename = enable_if_int<T>>
int64_t numel(const TensorBase& t);

} // namespace symint

} // namespace at

#pragma GCC diagnostic pop
