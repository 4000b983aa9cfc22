"""The battle as a state machine over prompts, the course menus (game.ts, menus.ts)."""
from __future__ import annotations

import os
import re

from .text import InternalError, read_text
from .catalogue import Catalogue, SkillDef
from .model import State, Team, Unit, opponent_of
from .presenter import (
    INVALID_TEAM_FILE, SEPARATOR, action_menu, file_menu, monster_menu, position_menu, push_status, range_words,
    round_header, skill_menu, target_menu, turn_report, winner_line,
)
from .rules import ActionContext, dead_allies, round_order, turn_cost
from .offense import basic_attack, resolve_damage
from .skills import (
    resolve_automatic_turn, resolve_end_of_action, resolve_skill, resolve_summon, skill_menu_kind,
    strongest_in_reserve, usable_skills,
)
from .team_file import TeamError, check_teams, parse_team_file


# ---------------------------------------------------------------------------------------------------
# The battle as a state machine over prompts (game.ts, menus.ts)
# ---------------------------------------------------------------------------------------------------

SAMURAI_ACTIONS = ('attack', 'shoot', 'skill', 'summon', 'pass', 'surrender')
MONSTER_ACTIONS = ('attack', 'skill', 'summon', 'pass')
SUMMON_POSITIONS = 3
AUTOMATIC_TURN_LIMIT = 10_000
CHOICE = re.compile(r'[0-9]+')
NEGATIVE = re.compile(r'-[0-9]+')


class Prompt:
    """A pending menu: `kind` is file/action/skill/target/monster/position/ended; `options` what it lists."""

    def __init__(self, kind: str, unit: Unit | None = None, options: list | tuple = (), intent: tuple = (None, None),
                 monster: Unit | None = None):
        self.kind = kind
        self.unit = unit
        self.options = options    # actions, skills, target units or monsters
        self.intent = intent      # (attack|shoot|skill|invoke, skill or None)
        self.monster = monster


class Rejection(Exception):
    def __init__(self, code: str, message: str, menu: list[str]):
        super().__init__(message)
        self.code = code
        self.message = message
        self.menu = menu


class SmtBattle:
    def __init__(self, teams_dir: str, files: list[str], catalogue: Catalogue):
        self.teams_dir = teams_dir
        self.files = files
        self.catalogue = catalogue
        self.pending = Prompt('file')
        self.menu = file_menu(files)
        self.state: State | None = None
        self.automatic_turns = 0

    def opening(self) -> list[str]:
        return self.menu

    def choice_range(self) -> tuple[int, int] | None:
        p = self.pending
        if p.kind == 'ended':
            return None
        if p.kind == 'file':
            return 0, len(self.files) - 1
        if p.kind == 'action':
            return 1, len(p.options)
        if p.kind == 'position':
            return 1, SUMMON_POSITIONS + 1
        return 1, len(p.options) + 1   # skill, target, monster: the options, then Cancelar

    def feed(self, line: str) -> tuple[list[str], list[str]]:
        """One choice line; returns (stdout lines, notes for stderr) or raises Rejection."""
        bounds = self.choice_range()
        if bounds is None:
            raise InternalError('a choice was fed after the end of the game')
        lo, hi = bounds
        text = line.strip(' \t')
        if not CHOICE.fullmatch(text):
            code = 'E_RANGE' if NEGATIVE.fullmatch(text) else 'E_SYNTAX'
            raise Rejection(code, f"expected {range_words(lo, hi)}, got '{line}'", self.menu)
        value = int(text)
        if value < lo or value > hi:
            raise Rejection('E_RANGE', f"expected {range_words(lo, hi)}, got '{line}'", self.menu)
        out: list[str] = []
        notes: list[str] = []
        refusal = self.choose(value, out, notes)
        if refusal is not None:
            raise Rejection('E_UNSUPPORTED', refusal, self.menu)
        return out, notes

    def open(self, prompt: Prompt, menu: list[str], out: list[str]) -> None:
        self.pending = prompt
        self.menu = menu
        out += menu

    def choose(self, value: int, out: list[str], notes: list[str]) -> str | None:
        p = self.pending
        if p.kind == 'file':
            self.load_file(self.files[value], out, notes)
            return None
        if p.kind == 'action':
            return self.choose_action(p.unit, p.options[value - 1], out)
        cancel = (SUMMON_POSITIONS if p.kind == 'position' else len(p.options)) + 1
        if value == cancel:
            return self.cancel(p.unit, out)
        if p.kind == 'skill':
            return self.choose_skill(p.unit, p.options[value - 1], out)
        if p.kind == 'target':
            out.append(SEPARATOR)
            self.act(p.unit, p.intent, p.options[value - 1], out)
            return None
        if p.kind == 'monster':
            return self.choose_monster(p.unit, p.intent, p.options[value - 1], out)
        if p.kind == 'position':
            out.append(SEPARATOR)
            self.summon(p.unit, p.intent, p.monster, value, out)
            return None
        raise InternalError('a choice was fed after the end of the game')

    def load_file(self, name: str, out: list[str], notes: list[str]) -> None:
        path = os.path.join(self.teams_dir, name)
        try:
            text = read_text(path)
        except OSError as error:
            self.invalid_teams(out, notes, f'{path}: E_IO: cannot read team file ({error.strerror})')
            return
        try:
            setups = check_teams(parse_team_file(text), self.catalogue)
        except TeamError as error:
            self.invalid_teams(out, notes, f'{path}:{error.line}: E_TEAM: {error.message}')
            return
        self.state = State(setups)
        out.append(SEPARATOR)
        self.start_round(0)
        self.begin_turn(True, out)

    def invalid_teams(self, out: list[str], notes: list[str], reason: str) -> None:
        out.append(INVALID_TEAM_FILE)
        notes.append(reason)
        self.pending = Prompt('ended')

    # ---- Turn flow ----

    def start_round(self, player: int) -> None:
        """A new round: the player's karns expire; Full Turns = its living board units."""
        state = self.state
        team = state.teams[player]
        for u in team.board:
            if u is not None:
                u.tetrakarn = u.makarakarn = False
        state.active = player
        state.order = round_order(team)
        state.full = len(state.order)
        state.blinking = 0

    def begin_turn(self, new_round: bool, out: list[str]) -> None:
        state = self.state
        while True:
            team = state.teams[state.active]
            if new_round:
                out += [round_header(team), SEPARATOR]
            push_status(out, state)
            if not state.order:
                raise InternalError(f'{team.label} has turns left but no unit to act')
            actor = state.order[0]
            automatic = resolve_automatic_turn(state, actor)
            if automatic is None:
                break
            self.automatic_turns += 1
            if self.automatic_turns > AUTOMATIC_TURN_LIMIT:
                raise InternalError(f'smt: more than {AUTOMATIC_TURN_LIMIT} steps without a prompt')
            following = self.finish_action(automatic, automatic.cls, out)
            if following == 'ended':
                return
            new_round = following == 'round'
        self.automatic_turns = 0
        self.open_action_menu(state.order[0], out)

    def open_action_menu(self, unit: Unit, out: list[str]) -> None:
        actions = SAMURAI_ACTIONS if unit.is_samurai else MONSTER_ACTIONS
        self.open(Prompt('action', unit, actions), action_menu(unit, actions), out)

    def cancel(self, unit: Unit, out: list[str]) -> None:
        """Every Cancelar returns to the same unit's action menu, with nothing spent."""
        out.append(SEPARATOR)
        self.open_action_menu(unit, out)
        return None

    def choose_action(self, unit: Unit, action: str, out: list[str]) -> str | None:
        state = self.state
        own = state.teams[unit.player]
        foe = state.teams[opponent_of(unit.player)]
        out.append(SEPARATOR)
        if action in ('attack', 'shoot'):
            targets = foe.living_on_board()
            self.open(Prompt('target', unit, targets, (action, None)), target_menu(unit, targets), out)
        elif action == 'skill':
            skills = usable_skills(unit)
            self.open(Prompt('skill', unit, skills), skill_menu(unit, skills), out)
        elif action == 'summon':
            options = own.living_reserve()
            self.open(Prompt('monster', unit, options, ('invoke', None)), monster_menu(options), out)
        elif action == 'pass':
            self.complete(ActionContext(state, unit), 'pass', out)
        else:  # surrender
            self.surrender(own, out)
        return None

    def choose_skill(self, unit: Unit, skill: SkillDef, out: list[str]) -> str | None:
        menu, reason = skill_menu_kind(skill)
        if menu == 'unsupported':
            return reason
        own = self.state.teams[unit.player]
        foe = self.state.teams[opponent_of(unit.player)]
        intent = ('skill', skill)
        if menu in ('enemy', 'ally', 'deadAlly'):
            out.append(SEPARATOR)
            targets = foe.living_on_board() if menu == 'enemy' else own.living_on_board() if menu == 'ally' \
                else dead_allies(own)
            self.open(Prompt('target', unit, targets, intent), target_menu(unit, targets), out)
        elif menu in ('monster', 'monsterOrDead'):
            out.append(SEPARATOR)
            options = own.reserve() if menu == 'monsterOrDead' else own.living_reserve()
            self.open(Prompt('monster', unit, options, intent), monster_menu(options), out)
        elif menu == 'autoMonster':
            pick = strongest_in_reserve(own)
            if pick is None:
                # Bad Company with no living reserve monster: the action menu comes back.
                return self.cancel(unit, out)
            out.append(SEPARATOR)
            self.open(Prompt('position', unit, intent=intent, monster=pick), position_menu(own.board[1:]), out)
        elif menu == 'surrender':
            out.append(SEPARATOR)
            self.surrender(own, out)
        else:  # none
            out.append(SEPARATOR)
            self.act(unit, intent, None, out)
        return None

    def choose_monster(self, unit: Unit, intent: tuple, monster: Unit, out: list[str]) -> None:
        out.append(SEPARATOR)
        if intent[0] == 'invoke' and not unit.is_samurai:
            # A monster's Invocar swaps the monster in for itself: no position menu.
            self.summon(unit, intent, monster, unit.slot, out)
            return None
        board = self.state.teams[unit.player].board
        self.open(Prompt('position', unit, intent=intent, monster=monster), position_menu(board[1:]), out)
        return None

    def summon(self, unit: Unit, intent: tuple, monster: Unit, slot: int, out: list[str]) -> None:
        ctx = ActionContext(self.state, unit)
        if intent[0] == 'invoke':
            resolve_summon(ctx, monster, slot, None)
            self.complete(ctx, 'pass', out)
            return
        skill = intent[1]
        revive_power = skill.power if skill.kind.kind == 'invitation' else None
        use_skill(ctx, skill, lambda: resolve_summon(ctx, monster, slot, revive_power))
        self.complete(ctx, ctx.cls, out)

    def act(self, unit: Unit, intent: tuple, target: Unit | None, out: list[str]) -> None:
        """An attack, a shot or a skill on its chosen target (None when the skill picks its own)."""
        ctx = ActionContext(self.state, unit)
        kind, skill = intent
        if kind == 'skill':
            use_skill(ctx, skill, lambda: resolve_skill(ctx, skill, target))
        else:
            resolve_damage(ctx, basic_attack(unit, kind), [target])
        self.complete(ctx, ctx.cls, out)

    def complete(self, ctx: ActionContext, cls: str, out: list[str]) -> None:
        resolve_end_of_action(ctx)
        following = self.finish_action(ctx, cls, out)
        if following != 'ended':
            self.begin_turn(following == 'round', out)

    def finish_action(self, ctx: ActionContext, cls: str, out: list[str]) -> str:
        """Result block, turn report, action order, dead monsters off the board, end of game or next turn."""
        state = self.state
        if ctx.events:
            out += ctx.events
            out.append(SEPARATOR)
        full, blinking, gained = turn_cost(state.full, state.blinking, cls)
        gained += ctx.bonus_blinking
        out += turn_report(full, blinking, gained)
        out.append(SEPARATOR)
        state.full -= full
        state.blinking = state.blinking - blinking + gained

        # The head of the order (the actor, or whoever took its slot) goes to the end; the dead leave.
        if state.order:
            head, rest = state.order[0], state.order[1:]
            state.order = rest + [head] if head.alive and head.on_board else rest
        for team in state.teams:
            for u in list(team.board):
                if u is not None and not u.is_samurai and not u.alive:
                    team.vacate(u)
        state.order = [u for u in state.order if u.alive and u.on_board]

        wiped = [not t.living_on_board() for t in state.teams]
        if wiped[0] or wiped[1]:
            # Both wiped by one action: the acting player loses.
            loser = ctx.user.player if wiped[0] and wiped[1] else 0 if wiped[0] else 1
            self.declare_winner(opponent_of(loser), out)
            return 'ended'
        if state.full + state.blinking == 0 or not state.order:
            self.start_round(opponent_of(state.active))
            return 'round'
        return 'turn'

    def surrender(self, team: Team, out: list[str]) -> None:
        out += [f'{team.samurai.name} ({team.label}) se rinde', SEPARATOR]
        self.declare_winner(opponent_of(team.index), out)

    def declare_winner(self, player: int, out: list[str]) -> None:
        self.state.winner = player
        out.append(winner_line(self.state.teams[player]))
        self.pending = Prompt('ended')


def use_skill(ctx: ActionContext, skill: SkillDef, effects) -> None:
    """MP is paid before the effects; the player's K goes up by one after them."""
    ctx.user.mp -= skill.cost
    effects()
    ctx.own.k += 1
