#pragma once
// MOCK of <pybind11/stl.h> (pybind11 2.13) for fast torchlint unit tests.
// The real header only adds type_caster specialisations for STL containers,
// which the mocks do not model.
#include "pybind11.h"

#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>
