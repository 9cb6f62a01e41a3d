"""Reading the text files the commands take (``--batch``, ``--session``), or standard input.

Files are read as bytes and decoded as UTF-8 here, whatever the locale says
standard input is: a byte-order mark at the start is dropped (editors on
Windows write one), and bytes that are not UTF-8 are refused with the line
they are on.

>>> decode(b"\\xef\\xbb\\xbfdeal: A8.K.. K7.A.. 9.7.8.\\n", "session.txt")
'deal: A8.K.. K7.A.. 9.7.8.\\n'
>>> decode(b"first\\nsecond \\xe9t\\xe9\\n", "deals.txt")
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: deals.txt, line 2: byte 0xe9 is not UTF-8: save the file as UTF-8
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from prefdd.rules import InvalidInputError

BOM = b"\xef\xbb\xbf"


def decode(data: bytes, name: str) -> str:
    """The text of `data`, read from the file called `name`, as UTF-8 (a leading byte-order mark dropped)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise InvalidInputError(f"{name}, line {line}: byte 0x{byte:02x} is not UTF-8: "
                                "save the file as UTF-8") from None


def read_text(path: str) -> str:
    """The whole text of the file at `path` (``-``: standard input)."""
    if path == "-":
        return decode(sys.stdin.buffer.read(), "standard input")
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as error:
        raise InvalidInputError(f"cannot read {path}: {error.strerror or error}") from None
    return decode(data, path)


def read_lines(path: str) -> Iterator[tuple[int, str | InvalidInputError]]:
    """Each line of the file at `path` (``-``: standard input) with its number, as it is read.

    Standard input is read line by line, so a batch piped in is answered as it
    comes. A line that is not UTF-8 comes as the error that says so (the caller
    names the line), and the lines after it still come.
    """
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise InvalidInputError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        for number, data in enumerate(stream, start=1):
            if number == 1 and data.startswith(BOM):
                data = data[len(BOM):]
            try:
                yield number, data.decode("utf-8")
            except UnicodeDecodeError as error:
                yield number, InvalidInputError(f"byte 0x{data[error.start]:02x} is not UTF-8: "
                                                "save the file as UTF-8")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
