"""The battle state: units, teams, board and action order (model.ts)."""
from __future__ import annotations

import math

from .catalogue import Passives, SkillDef, UnitDef


# ---------------------------------------------------------------------------------------------------
# The battle state (model.ts)
# ---------------------------------------------------------------------------------------------------

BOARD_SLOTS = 4


class Unit:
    def __init__(self, d: UnitDef, player: int, skills: list[SkillDef]):
        self.d = d
        self.player = player
        self.skills = skills
        self.name = d.name
        self.is_samurai = d.is_samurai
        self.passives = p = Passives(skills)
        s = d.stats
        self.base_max_hp = s['hp'] + math.floor(s['hp'] * p.hp_percent / 100)
        self.max_mp = s['mp'] + math.floor(s['mp'] * p.mp_percent / 100)
        self.str = s['str'] + p.stat_bonus['str']
        self.skl = s['skl'] + p.stat_bonus['skl']
        self.mag = s['mag'] + p.stat_bonus['mag']
        self.spd = s['spd'] + p.stat_bonus['spd']
        self.lck = s['lck'] + p.stat_bonus['lck']
        self.max_hp = self.hp = self.base_max_hp
        self.mp = self.max_mp
        self.slot: int | None = None
        self.atk_grade = self.def_grade = 0
        self.charged = self.concentrated = False
        self.tetraja = self.tetrakarn = self.makarakarn = False
        self.doped = False
        self.ailment: str | None = None
        self.endure_used = self.enduring_soul_used = False

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def on_board(self) -> bool:
        return self.slot is not None


class Team:
    def __init__(self, index: int, setup: tuple):
        samurai_def, samurai_skills, monster_defs = setup
        self.index = index
        self.samurai = Unit(samurai_def, index, samurai_skills)
        self.monsters = [Unit(d, index, d.skills) for d in monster_defs]
        self.board: list[Unit | None] = [self.samurai, None, None, None]
        self.samurai.slot = 0
        self.k = 0  # skills used by this player (rules document 7.1)
        for i, m in enumerate(self.monsters[:BOARD_SLOTS - 1]):
            self.place(m, i + 1)

    @property
    def label(self) -> str:
        return f'J{self.index + 1}'

    def place(self, unit: Unit, slot: int) -> None:
        previous = self.board[slot]
        if previous is not None:
            previous.slot = None
        self.board[slot] = unit
        unit.slot = slot

    def vacate(self, unit: Unit) -> None:
        if unit.slot is not None:
            self.board[unit.slot] = None
        unit.slot = None

    def reserve(self) -> list[Unit]:
        return [m for m in self.monsters if m.slot is None]

    def living_reserve(self) -> list[Unit]:
        return [m for m in self.monsters if m.slot is None and m.alive]

    def living_on_board(self) -> list[Unit]:
        return [u for u in self.board if u is not None and u.alive]


class State:
    def __init__(self, setups):
        self.teams = (Team(0, setups[0]), Team(1, setups[1]))
        self.active = 0
        self.full = 0
        self.blinking = 0
        self.order: list[Unit] = []
        self.winner: int | None = None


def opponent_of(player: int) -> int:
    return 1 - player
