# The package `sudoku_rs`: the compiled extension (the submodule of the same name, built from
# this crate's Rust code) re-exported whole, and pure Python modules beside it, such as
# `sudoku_rs.distributed`, which are imported only when asked for.
from . import sudoku_rs as _native
from .sudoku_rs import *  # noqa: F401,F403 (every public name of the extension)

__doc__ = _native.__doc__
__version__: str = _native.__version__
__all__ = sorted(name for name in vars(_native) if not name.startswith("_"))
__all__.append("__version__")
