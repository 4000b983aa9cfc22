"""Team files: the course grammar and the setup rules (team-file.ts)."""
from __future__ import annotations

import re

from .text import BOM, JS_SPACE, LINE_TERMINATORS, js_trim
from .catalogue import Catalogue


# ---------------------------------------------------------------------------------------------------
# Team files (team-file.ts)
# ---------------------------------------------------------------------------------------------------

MAX_MONSTERS = 7
MAX_SKILLS = 8
HEADER = re.compile(r'Player [12] Team')


class TeamError(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def match_samurai(line: str) -> tuple[str, str | None] | None:
    """What /^\\[Samurai\\]\\s*(.*?)\\s*(?:\\((.*)\\))?$/ matches, as (name, skill list), in one linear pass."""
    prefix = '[Samurai]'
    if not line.startswith(prefix):
        return None
    n = len(line)
    start = len(prefix)
    while start < n and line[start] in JS_SPACE:
        start += 1
    space_end = [0] * (n + 1)   # the first non-space at or after i
    space_end[n] = n
    for i in range(n - 1, start - 1, -1):
        space_end[i] = space_end[i + 1] if line[i] in JS_SPACE else i
    last_terminator = -1
    for i in range(start, n - 1):
        if line[i] in LINE_TERMINATORS:
            last_terminator = i
    closed = n > 0 and line[-1] == ')'
    for p in range(start, n + 1):
        q = space_end[p]
        if q == n:
            return line[start:p], None
        if closed and line[q] == '(' and q < n - 1 and last_terminator < q + 1:
            return line[start:p], line[q + 1:n - 1]
        if p < n and line[p] in LINE_TERMINATORS:
            return None
    return None


def parse_team_file(text: str) -> list[dict]:
    """The two teams of a team file, unchecked. Raises TeamError with the line and the broken rule."""
    if text.startswith(BOM):
        text = text[1:]
    lines = re.split(r'\r?\n', text)
    teams: list[dict] = []
    for i, raw in enumerate(lines):
        line = js_trim(raw)
        line_no = i + 1
        if line == '':
            continue
        if HEADER.fullmatch(line):
            if len(teams) == 2:
                raise TeamError(line_no, 'a third team header; a team file holds exactly two teams')
            teams.append({'header': line_no, 'samurai': [], 'monsters': []})
            continue
        if not teams:
            raise TeamError(line_no, f'expected "Player 1 Team", got "{line}"')
        team = teams[-1]
        samurai = match_samurai(line)
        if samurai is not None:
            name, listed = samurai
            if name == '':
                raise TeamError(line_no, 'expected a samurai name after "[Samurai]"')
            skills = [] if listed is None or js_trim(listed) == '' else [js_trim(s) for s in listed.split(',')]
            if '' in skills:
                raise TeamError(line_no, 'expected skill names separated by commas')
            team['samurai'].append((name, skills, line_no))
        else:
            team['monsters'].append((line, line_no))
    if len(teams) < 2:
        line_count = len(lines) - 1 if lines[-1] == '' else len(lines)
        raise TeamError(line_count + 1, f'expected two teams, found {len(teams)}')
    return teams


def check_teams(raw: list[dict], catalogue: Catalogue) -> list[tuple]:
    """The setup rules (rules document, section 2), names resolved in the catalogue."""
    out = []
    for p, team in enumerate(raw):
        who = f'Player {p + 1}'
        if len(team['samurai']) != 1:
            line = team['samurai'][1][2] if len(team['samurai']) > 1 else team['header']
            raise TeamError(line, f'{who} has {len(team["samurai"])} samurai; a team needs exactly one')
        name, skill_names, line = team['samurai'][0]
        samurai = catalogue.samurai.get(name)
        if samurai is None:
            raise TeamError(line, f'unknown samurai "{name}"')
        if len(skill_names) > MAX_SKILLS:
            raise TeamError(line, f"{who}'s samurai has {len(skill_names)} skills; at most {MAX_SKILLS} are allowed")
        skills = []
        for skill_name in skill_names:
            skill = catalogue.skills.get(skill_name)
            if skill is None:
                raise TeamError(line, f'unknown skill "{skill_name}"')
            if skill in skills:
                raise TeamError(line, f'skill "{skill_name}" is repeated')
            skills.append(skill)
        entries = team['monsters']
        if len(entries) > MAX_MONSTERS:
            raise TeamError(entries[MAX_MONSTERS][1], f'{who} has {len(entries)} monsters; at most {MAX_MONSTERS} are allowed')
        monsters = []
        for monster_name, line in entries:
            monster = catalogue.monsters.get(monster_name)
            if monster is None:
                raise TeamError(line, f'unknown monster "{monster_name}"')
            if monster in monsters:
                raise TeamError(line, f'monster "{monster_name}" is repeated in {who}\'s team')
            monsters.append(monster)
        out.append((samurai, skills, monsters))
    return out
