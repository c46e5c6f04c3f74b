#pragma once
// MOCK of <torch/extension.h> (PyTorch 2.x) for fast torchlint unit tests.

#ifndef TORCH_INDUCTOR_CPP_WRAPPER
// All pure C++ headers for the C++ frontend.
#include <torch/all.h>
#endif

// Python bindings for the C++ frontend (includes Python.h).
#include <torch/python.h>

// Real builds (torch.utils.cpp_extension) pass -DTORCH_EXTENSION_NAME=<name>
// on the command line; default it here so unit-test sources parse on their
// own.
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME torchlint_ext
#endif
