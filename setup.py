"""Declares the Cython extension of the solver engine; all metadata is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("prefdd.solver._engine", ["src/solver/_engine.pyx"], extra_compile_args=["-O3"])],
        compiler_directives={"language_level": 3},
    ),
)
