#pragma once
// MOCK of <pybind11/gil.h> (pybind11 2.13) for fast torchlint unit tests.
#include "detail/common.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

/* The functions below essentially reproduce the PyGILState_* API using a RAII
 * pattern, but there are a few important differences:
 *
 * 1. When acquiring the GIL from an non-main thread during the finalization
 *    phase, the GILState API blindly terminates the calling thread, which
 *    is often not what is wanted. This API does not do this.
 *
 * 2. The gil_scoped_release function can optionally cut the relationship
 *    of a PyThreadState and its associated thread, which allows moving it to
 *    another thread (this is a fairly rare/advanced use case).
 *
 * 3. The reference count of an acquired thread state can be controlled. This
 *    can be handy to prevent cases where callbacks issued from an external
 *    thread would otherwise constantly construct and destroy thread state data
 *    structures.
 *
 * See the Python bindings of NanoGUI (http://github.com/wjakob/nanogui) for an
 * example which uses features 2 and 3 to migrate the Python thread of
 * execution to another thread (to run the event loop on the original thread,
 * in this case).
 */

class gil_scoped_acquire {
 public:
  gil_scoped_acquire();

  gil_scoped_acquire(const gil_scoped_acquire&) = delete;
  gil_scoped_acquire& operator=(const gil_scoped_acquire&) = delete;

  void inc_ref();

  void dec_ref();

  /// This method will disable the PyThreadState_DeleteCurrent call and the
  /// GIL won't be acquired. This method should be used if the interpreter
  /// could be shutting down when this is called, as thread deletion is not
  /// allowed during shutdown. Check _Py_IsFinalizing() on Python 3.7+, and
  /// protect subsequent code.
  void disarm();

  ~gil_scoped_acquire();
};

class gil_scoped_release {
 public:
  // PRECONDITION: The GIL must be held when this constructor is called.
  explicit gil_scoped_release(bool disassoc = false);

  gil_scoped_release(const gil_scoped_release&) = delete;
  gil_scoped_release& operator=(const gil_scoped_release&) = delete;

  /// This method will disable the PyThreadState_DeleteCurrent call and the
  /// GIL won't be acquired. This method should be used if the interpreter
  /// could be shutting down when this is called, as thread deletion is not
  /// allowed during shutdown. Check _Py_IsFinalizing() on Python 3.7+, and
  /// protect subsequent code.
  void disarm();

  ~gil_scoped_release();
};

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)
