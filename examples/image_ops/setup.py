from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="image_ops",
    packages=["image_ops"],
    ext_modules=[
        CppExtension("image_ops._C", ["csrc/ops.cpp", "csrc/bindings.cpp"]),
    ],
    cmdclass={"build_ext": BuildExtension},
)
