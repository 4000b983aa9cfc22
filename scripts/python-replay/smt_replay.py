#!/usr/bin/env python3
"""A plain Python replay of the SMT IV "Press Turn" rules, for benchmarking only.

What this is for: `npm run bench` compares the TypeScript CLI (`arbiter smt verify`) against "a plain
Python replay of the same rules". This file is that reference: a straightforward, single-process,
standard-library-only port of src/rulesets/smt/ (and of the transcript/session handling in src/core/).
It is not part of the product; the TypeScript engine is the specification, and the package `smt_rules/`
beside this script follows it module by module (each section header names the TypeScript file it ports).
This script holds the session (echo, rejected choices, end of input) and the transcript comparison.

For each transcript it really replays the battle: it reads the `INPUT: x` lines, feeds them one by one to
a fresh battle with echo on, collects every output line, and compares with the transcript line by line.

Usage:
    python3 scripts/python-replay/smt_replay.py --data CATALOGUE_DIR SUITE-Tests [SUITE-Tests ...]

Each `<Suite>-Tests` folder holds transcripts (*.txt); the team files are in the sibling `<Suite>` folder.
Prints `N/M identical` on stdout; one line per differing transcript on stderr; exits 0 only if all match.
"""
from __future__ import annotations

import argparse
import os
import sys

# The rules live in the package beside this script; running it never writes __pycache__ into the repository.
sys.dont_write_bytecode = True

from smt_rules.text import INPUT_PREFIX, clean_line, read_text, split_lines  # noqa: E402
from smt_rules.catalogue import Catalogue, CatalogueError, load_catalogue  # noqa: E402
from smt_rules.presenter import range_words  # noqa: E402
from smt_rules.battle import Rejection, SmtBattle  # noqa: E402

# ---------------------------------------------------------------------------------------------------
# The session: echo, rejected lines, end of input (src/core/session.ts), and verify
# ---------------------------------------------------------------------------------------------------

MAX_LINE = 65_536


def run_session(battle: SmtBattle, inputs: list[str], source: str) -> tuple[list[str], list[str]]:
    """Feeds the choices with echo on, as a piped run would; returns (stdout lines, stderr lines)."""
    out = list(battle.opening())
    err: list[str] = []
    for number, raw in enumerate(inputs, start=1):
        if battle.choice_range() is None:
            break
        line = clean_line(raw, number == 1)
        out.append(INPUT_PREFIX + line)
        try:
            utf16_length = len(line.encode('utf-16-le')) // 2
            if utf16_length > MAX_LINE:
                raise Rejection('E_SYNTAX', f'line too long: {utf16_length} characters; the limit is {MAX_LINE}',
                                battle.menu)
            lines, notes = battle.feed(line)
            err += notes
            out += lines
        except Rejection as rejection:
            out.append(f'ERROR {rejection.code}: {rejection.message}')
            err.append(f'{source}:{number}: {rejection.code}: {rejection.message}')
            out += rejection.menu
        except Exception as error:  # as the TypeScript session: report, stop reading
            err.append(f'internal error: smt, last input \'{line}\': {type(error).__name__}: {error}')
            return out, err
    bounds = battle.choice_range()
    if bounds is not None:
        message = f'input ended; expected {range_words(*bounds)}'
        out.append(f'ERROR E_EOF: {message}')
        err.append(f'{source}:{len(inputs) + 1}: E_EOF: {message}')
    return out, err


def teams_folder_for(transcript: str) -> str:
    folder = os.path.dirname(transcript)
    name = os.path.basename(folder)
    if not name.endswith('-Tests'):
        raise SystemExit(f'{transcript}: cannot find its team folder: the transcript is not in a "-Tests" folder')
    return os.path.join(os.path.dirname(folder), name[:-len('-Tests')])


def list_transcripts(path: str) -> list[str]:
    if os.path.isfile(path):
        return [path]
    if not os.path.isdir(path) or not os.path.basename(os.path.normpath(path)).endswith('-Tests'):
        raise SystemExit(f'{path}: not a "-Tests" folder of transcripts')
    return [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith('.txt')]


def list_team_files(teams_dir: str) -> list[str]:
    try:
        files = sorted(e.name for e in os.scandir(teams_dir) if e.is_file())
    except OSError as error:
        raise SystemExit(f'{teams_dir}: cannot list team files ({error.strerror})') from None
    if not files:
        raise SystemExit(f'{teams_dir}: the team folder has no files')
    return files


def catalogue_for(teams_dir: str, data: str | None) -> str:
    if data is not None:
        return data
    parent = os.path.dirname(teams_dir)
    if all(os.path.isfile(os.path.join(parent, f)) for f in ('samurai.json', 'monsters.json', 'skills.json')):
        return parent
    raise SystemExit(f'{teams_dir}: no catalogue beside it; pass --data')


def first_difference(expected: list[str], actual: list[str]) -> int | None:
    """1-based number of the first differing line, or None when identical."""
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else None
        a = actual[i] if i < len(actual) else None
        if e != a:
            return i + 1
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description='Replay SMT course transcripts with a plain Python port of the rules.')
    parser.add_argument('--data', help='catalogue folder (samurai.json, monsters.json, skills.json)')
    parser.add_argument('suites', nargs='+', help='<Suite>-Tests folders (or transcript files)')
    args = parser.parse_args(argv)

    transcripts = sorted(((os.path.dirname(t), os.path.basename(t)) for s in args.suites for t in list_transcripts(s)))
    catalogues: dict[str, Catalogue] = {}
    listings: dict[str, list[str]] = {}
    identical = 0
    for folder, name in transcripts:
        path = os.path.join(folder, name)
        teams_dir = teams_folder_for(path)
        data = catalogue_for(teams_dir, args.data)
        if data not in catalogues:
            try:
                catalogues[data] = load_catalogue(data)
            except CatalogueError as error:
                raise SystemExit(str(error)) from None
        if teams_dir not in listings:
            listings[teams_dir] = list_team_files(teams_dir)

        expected = split_lines(read_text(path))
        inputs = [line[len(INPUT_PREFIX):] for line in expected if line.startswith(INPUT_PREFIX)]
        battle = SmtBattle(teams_dir, listings[teams_dir], catalogues[data])
        actual, err = run_session(battle, inputs, path)
        at = first_difference(expected, actual)
        if at is None:
            identical += 1
            continue
        show = lambda lines: lines[at - 1] if at <= len(lines) else '<end of log>'  # noqa: E731
        print(f'{path}:{at}: expected: {show(expected)} / actual: {show(actual)}', file=sys.stderr)
        for line in err:
            if line.startswith('internal error'):
                print(f'  {line}', file=sys.stderr)
    print(f'{identical}/{len(transcripts)} identical')
    return 0 if identical == len(transcripts) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
