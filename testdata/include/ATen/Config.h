#pragma once
// MOCK of <ATen/Config.h> (PyTorch 2.x) for fast torchlint unit tests.
#define AT_MKLDNN_ENABLED() 0
#define AT_MKLDNN_ACL_ENABLED() 0
#define AT_MKL_ENABLED() 0
#define AT_MKL_SEQUENTIAL() 0
#define AT_POCKETFFT_ENABLED() 0
#define AT_NNPACK_ENABLED() 0
#define CAFFE2_STATIC_LINK_CUDA() 0
#define AT_BUILD_WITH_BLAS() 1
#define AT_BUILD_WITH_LAPACK() 1
#define AT_PARALLEL_OPENMP 1
#define AT_PARALLEL_NATIVE 0
#define AT_BLAS_F2C() 0
#define AT_BLAS_USE_CBLAS_DOT() 0
