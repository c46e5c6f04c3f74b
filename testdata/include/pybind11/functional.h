#pragma once
// MOCK of <pybind11/functional.h> (pybind11 2.13) for fast torchlint unit
// tests. The real header only adds a type_caster for std::function.
#include "pybind11.h"

#include <functional>
