#pragma once
// MOCK of <c10/core/ScalarTypeToTypeMeta.h> (PyTorch 2.x) for fast torchlint
// unit tests. Declarations only; modelled on the real header.
#include <c10/core/ScalarType.h>
#include <c10/util/Optional.h>
#include <c10/util/typeid.h>

namespace c10 {

/**
 * convert ScalarType enum values to TypeMeta handles
 */
caffe2::TypeMeta scalarTypeToTypeMeta(ScalarType scalar_type);

/**
 * convert TypeMeta handles to ScalarType enum values
 */
ScalarType typeMetaToScalarType(caffe2::TypeMeta dtype);

/**
 * typeMetaToScalarType(), lifted to optional
 */
optional<at::ScalarType> optTypeMetaToScalarType(
    optional<caffe2::TypeMeta> type_meta);

/**
 * convenience: equality across TypeMeta/ScalarType conversion
 */
bool operator==(const ScalarType t, const caffe2::TypeMeta m);
bool operator==(const caffe2::TypeMeta m, const ScalarType t);
bool operator!=(const ScalarType t, const caffe2::TypeMeta m);
bool operator!=(const caffe2::TypeMeta m, const ScalarType t);

} // namespace c10
