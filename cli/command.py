"""The class of every ``prefdd`` command: no empty values, and a deal may start with ``-``.

An option or argument given as an empty (or blank) string is refused, not
read as "nothing": ``--rules ""`` would otherwise solve with no rules at all,
``--contracts ""`` run every contract.

A hand written ``-`` sits out, and ``-`` is also a void suit, so a deal may
start with a dash (``"- KJ.7.KQJT9.A9 A98.AT98..T87"``, ``"-.KQJ.A.KQJ ..."``);
click would take it for an option. An argument that starts with ``-``, is no
option of the command and holds a dot or a space is a deal (no option name
does), so it is handed to click after ``--``, where nothing is an option.

>>> @click.command(cls=PrefddCommand)
... @click.argument("deal")
... @click.option("--trump")
... def show(deal: str, trump: str | None) -> None:
...     click.echo(f"{deal} / {trump}")
>>> from click.testing import CliRunner
>>> CliRunner().invoke(show, ["-.KQJ.A.KQJ KJ.7.KQJT9.A9", "--trump", "S"]).output
'-.KQJ.A.KQJ KJ.7.KQJT9.A9 / S\\n'
"""

from __future__ import annotations

import click


def _options(command: click.Command, ctx: click.Context) -> tuple[set[str], set[str]]:
    """The command's option names, and those of them that take a value."""
    names: set[str] = set()
    valued: set[str] = set()
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            names.update(param.opts, param.secondary_opts)
            if not param.is_flag and not param.count:
                valued.update(param.opts)
    return names, valued


def _is_deal(arg: str, names: set[str]) -> bool:
    return (arg.startswith("-") and arg != "-" and arg.split("=", 1)[0] not in names
            and any(c == "." or c.isspace() for c in arg))


def options_first(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """`args` with the options first and the arguments after ``--``, if an argument starts with ``-``."""
    names, valued = _options(command, ctx)
    options: list[str] = []
    arguments: list[str] = []
    moved = False
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            arguments += args[i + 1:]
            break
        if arg in valued:
            options += args[i:i + 2]
            i += 2
            continue
        if _is_deal(arg, names):
            moved = True
            arguments.append(arg)
        elif arg.startswith("-") and arg != "-":
            options.append(arg)
        else:
            arguments.append(arg)
        i += 1
    return [*options, "--", *arguments] if moved else args


class NonEmpty(click.ParamType):
    """A string that is not empty or blank."""

    name = "text"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> object:
        if isinstance(value, str) and not value.strip():
            self.fail("it is empty: give a value, or leave the option out", param, ctx)
        return value


class PrefddCommand(click.Command):
    """A click command whose string values may not be empty and whose arguments may start with ``-``."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param.type, click.types.StringParamType):
                param.type = NonEmpty()

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # A shell cannot pass one, but a program calling the command in-process can: no file name or
        # deal holds it, and os functions refuse it with ValueError.
        if any("\x00" in arg for arg in args):
            raise click.UsageError("an argument holds a NUL character")
        return super().parse_args(ctx, options_first(self, ctx, args))
