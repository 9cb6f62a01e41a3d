"""The ``prefdd`` command line: a thin shell over the solver API."""
