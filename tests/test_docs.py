"""Every example in README.md and docs/*.md is run, and its output compared, so the docs cannot drift.

The examples are read from the Markdown's fenced code blocks:

- a ```sh block whose commands include ``prefdd ...`` (alone, or the last step of an install
  line joined with ``&&``), followed after blank lines only by an output block (``` or
  ```json): the command is run and its output (stdout and stderr, as a terminal shows them)
  compared with the block, trailing white space aside; JSON is compared as parsed objects.
  Commands that install (``pip``, ``python3 -m venv``) or run the tests are not run here.
- a ```sh block of ``$ prefdd ...`` lines, each followed by its output in the same block.
- a ```pycon block: ``>>>`` examples, run with doctest, each block on its own (it imports what it
  uses).

An HTML comment ``<!-- slow -->`` on the line before a block marks its example slow (deselected
by default, ``pytest -m slow`` runs it). Each test is named by its file and line (README.md:42).

Also checked: every option of every ``prefdd`` command is named in that command's section of
docs/cli.md (``## prefdd COMMAND``), and every link between the pages leads to a file and anchor.
"""

from __future__ import annotations

import doctest
import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from prefdd.cli.main import main
from prefdd.solver import set_table_size

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\S*)\s*$")
SLOW = "<!-- slow -->"
OUTPUT_LANGUAGES = ("", "json", "text")


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, its text, where it starts and whether it is marked slow."""

    page: Path
    line: int
    language: str
    text: str
    slow: bool
    # Only blank lines between this block and the one before it.
    follows_directly: bool


@dataclass(frozen=True)
class Example:
    """One example: where it is, what runs, and what it must print."""

    where: str
    kind: str  # "shell" or "pycon"
    source: str
    expected: str | None
    json: bool
    slow: bool


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i, last_end = 0, -2
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        start = i
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            i += 1
        between = lines[last_end + 1:start]
        found.append(Block(page, start + 1, opening.group(1), "\n".join(lines[start + 1:i]),
                           slow=start > 0 and lines[start - 1].strip() == SLOW,
                           follows_directly=last_end >= 0 and all(not line.strip() for line in between)))
        last_end = i
        i += 1
    return found


def prefdd_commands(text: str) -> list[str]:
    """The ``prefdd ...`` commands of a shell block, each as one line (continuations joined)."""
    commands = []
    for line in text.replace("\\\n", " ").splitlines():
        for step in line.split("&&"):
            step = step.strip()
            if step.startswith("prefdd "):
                commands.append(step)
    return commands


def examples(page: Path) -> list[Example]:
    """Every runnable example of a page."""
    found: list[Example] = []
    page_blocks = blocks(page)
    name = page.relative_to(ROOT).as_posix()
    for index, block in enumerate(page_blocks):
        where = f"{name}:{block.line}"
        if block.language == "pycon":
            found.append(Example(where, "pycon", block.text, None, False, block.slow))
        elif block.language == "sh" and block.text.lstrip().startswith("$ "):
            found.extend(session_examples(block, name))
        elif block.language == "sh":
            commands = prefdd_commands(block.text)
            following = page_blocks[index + 1] if index + 1 < len(page_blocks) else None
            output = (following if following and following.follows_directly
                      and following.language in OUTPUT_LANGUAGES else None)
            for command in commands:
                expected = output.text if output and len(commands) == 1 else None
                found.append(Example(where, "shell", command, expected,
                                     bool(output and output.language == "json"), block.slow))
    return found


def session_examples(block: Block, name: str) -> list[Example]:
    """The ``$ prefdd ...`` lines of a shell block, each with the lines after it as its output."""
    lines = block.text.splitlines()
    starts = [i for i, text in enumerate(lines) if text.startswith("$ ")]
    found = []
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        command = lines[start][2:].strip()
        if command.startswith("prefdd "):
            found.append(Example(f"{name}:{block.line + 1 + start}", "shell", command,
                                 "\n".join(lines[start + 1:end]), False, block.slow))
    return found


ALL = [example for page in PAGES for example in examples(page)]


def normalised(text: str) -> str:
    """Text with trailing white space dropped from each line and from the end."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def parsed_json(text: str) -> object:
    """One JSON document, or a list of them when the text holds one per line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def without_nodes(data: object) -> object:
    """JSON answers with their node counts left out."""
    if isinstance(data, list):
        return [without_nodes(item) for item in data]
    return {key: value for key, value in data.items() if key != "nodes"} if isinstance(data, dict) else data


def run_shell(example: Example) -> None:
    set_table_size(256)  # a new engine, its table empty, as in a new process: node counts repeat
    args = shlex.split(example.source)[1:]
    result = CliRunner().invoke(main, args, prog_name="prefdd")
    shown = result.output
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    if example.expected is None:
        assert result.exit_code == 0, f"{example.where}: {example.source}\n{shown}"
        return
    expected_code = 2 if example.expected.lstrip().startswith("prefdd: error:") else 0
    assert result.exit_code == expected_code, f"{example.where}: exit {result.exit_code}\n{shown}"
    if example.json:
        shown_json, expected_json = parsed_json(shown), parsed_json(example.expected)
        if "--batch" in args:
            # A batch's deals are solved side by side: which table a line finds (and so its node count)
            # depends on which thread took it.
            shown_json, expected_json = without_nodes(shown_json), without_nodes(expected_json)
        assert shown_json == expected_json, f"{example.where}: {example.source}"
    else:
        assert normalised(shown) == normalised(example.expected), f"{example.where}: {example.source}"


def run_pycon(example: Example) -> None:
    path, line = example.where.rsplit(":", 1)
    test = doctest.DocTestParser().get_doctest(example.source, {}, example.where, path, int(line))
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def params() -> list[object]:
    return [pytest.param(example, id=example.where, marks=[pytest.mark.slow] if example.slow else [])
            for example in ALL]


@pytest.mark.parametrize("example", params())
def test_example(example: Example, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples name files from the top of the repository
    if example.kind == "pycon":
        run_pycon(example)
    else:
        run_shell(example)


def test_the_pages_have_examples() -> None:
    kinds = {(example.where.split(":")[0], example.kind) for example in ALL}
    assert ("README.md", "shell") in kinds and ("README.md", "pycon") in kinds
    assert ("docs/cli.md", "shell") in kinds and ("docs/library.md", "pycon") in kinds


def command_sections() -> dict[str, str]:
    """docs/cli.md's text under each ``## prefdd COMMAND`` heading."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    parts = re.split(r"^## `?prefdd (\w[\w-]*)`?.*$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_command_line_page_names_every_command_and_option() -> None:
    import click

    context = click.Context(main, info_name="prefdd")
    sections = command_sections()
    for name in main.list_commands(context):
        assert name in sections, f"docs/cli.md has no section '## prefdd {name}'"
        options = [option for parameter in main.get_command(context, name).params
                   if isinstance(parameter, click.Option) and "--help" not in parameter.opts
                   for option in parameter.opts + parameter.secondary_opts]
        missing = [option for option in options if f"`{option}" not in sections[name]]
        assert not missing, f"docs/cli.md, section prefdd {name}: {', '.join(missing)} not described"


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """The anchors of a page: GitHub's for its headings, and explicit ``<a id="...">``."""
    text = page.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)">', text))
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_links_between_the_pages_resolve() -> None:
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: link to {target}: no such file"
            if anchor and linked.suffix == ".md":
                assert anchor in anchors(linked), f"{page.name}: link to {target}: no such anchor"
