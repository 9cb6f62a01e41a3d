"""``python -m prefdd``: the ``prefdd`` command line."""

from prefdd.cli.main import main

main(prog_name="prefdd")
