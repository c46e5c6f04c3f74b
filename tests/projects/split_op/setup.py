# What pip builds: one extension, split_op._C (TORCH_EXTENSION_NAME is "_C").
# torchlint reads the names and sources here; it never runs this file.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="split_op",
    ext_modules=[
        CUDAExtension(
            name="split_op._C",
            sources=[
                "csrc/ops.cpp",
                "csrc/register.cpp",
                "csrc/bindings.cpp",
                "csrc/cuda/count_cuda.cu",
            ],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
