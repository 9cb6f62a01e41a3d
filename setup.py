"""Declares the Cython extension of the solver engine; all metadata is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

# After Python's own flags, which end in -fwrapv -O3: signed overflow is undefined again (the engine's counts
# never wrap: its hashes and histories are unsigned), no vectorised copies of its short loops, and its loops
# over seats, suits and cards unrolled, those whose count is known on entry (-funroll-loops) and the others
# (-funroll-all-loops adds them). CPU on bench's 200 Priffe deals (engine value searches, the builds
# alternating deal by deal in one process, both orders): the first two -2.2% to -2.4%, then -funroll-loops
# -3.2% to -3.3% more (nolla, 100 deals of 10 cards: -7%; misère every first card, 200 deals: -5%), then
# all loops -3.7% to -3.9% more (nolla and misère the same); the nodes the same.
FLAGS = ["-O3", "-fno-wrapv", "-fno-tree-vectorize", "-funroll-all-loops"]

setup(
    ext_modules=cythonize(
        [Extension("prefdd.solver._engine", ["src/solver/_engine.pyx"], extra_compile_args=FLAGS)],
        compiler_directives={"language_level": 3},
    ),
)
