// mmcv's way of choosing a kernel by device (pytorch_device_registry.hpp):
// each backend's file registers a function pointer per device type when the
// library loads, and the op's entry point calls through that pointer. Which
// function runs, and what it writes, is not in any call the code spells.
#pragma once
#include <torch/extension.h>

#include <utility>

template <typename Fn, Fn Entry> class DeviceTable;

template <typename Ret, typename... Args, Ret (*Entry)(Args...)>
class DeviceTable<Ret (*)(Args...), Entry> {
public:
  using Pointer = Ret (*)(Args...);
  static DeviceTable &get() {
    static DeviceTable Table;
    return Table;
  }
  void add(c10::DeviceType Type, Pointer Fn) { Fns[static_cast<int>(Type)] = Fn; }
  Pointer find(c10::DeviceType Type) const { return Fns[static_cast<int>(Type)]; }

private:
  Pointer Fns[16] = {};
};

inline c10::DeviceType firstDevice(const at::Tensor &t) { return t.device().type(); }
template <typename T, typename... Rest> c10::DeviceType firstDevice(const T &, const Rest &...rest) {
  return firstDevice(rest...);
}

template <typename Table, typename... Args>
auto callOnDevice(const Table &table, const char *name, Args &&...args) {
  auto fn = table.find(firstDevice(args...));
  TORCH_CHECK(fn != nullptr, name, ": no kernel for this device");
  return fn(std::forward<Args>(args)...);
}

#define DEVICE_TABLE(key) DeviceTable<decltype(&(key)), key>::get()
#define REGISTER_DEVICE_KERNEL(key, device, fn)                                                    \
  static const bool key##_##device##_added = (DEVICE_TABLE(key).add(c10::DeviceType::device, fn), true);
#define CALL_ON_DEVICE(key, ...) callOnDevice(DEVICE_TABLE(key), #key, __VA_ARGS__)
