"""Damage arithmetic, affinity, targeting, the Press Turn economy, the action context and life and death
(damage.ts, affinity.ts, targeting.ts, press-turn.ts, effects/context.ts, life.ts)."""
from __future__ import annotations

import math

from .catalogue import SkillDef
from .model import State, Team, Unit, opponent_of


# ---------------------------------------------------------------------------------------------------
# Damage arithmetic (damage.ts), affinity (affinity.ts), targeting (targeting.ts), Press Turn (press-turn.ts)
# ---------------------------------------------------------------------------------------------------

ATTACK_MODIFIER, SHOOT_MODIFIER, BASIC_FACTOR = 54, 80, 0.0114
CHARGE_FACTOR = 2.5
SICK_FACTOR = 0.75
OFFENSE = (0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75)   # grade -3..3
DEFENSE = (1.75, 1.5, 1.25, 1, 0.875, 0.75, 0.625)
AFFINITY_FACTOR = {'Weak': 1.5, 'Resist': 0.5, 'Neutral': 1}


def clamp_grade(grade: int) -> int:
    return max(-3, min(3, grade))


def hit_damage(base: float, factors: tuple, atk_grade: int, def_grade: int, affinity: str) -> int:
    charge, pleroma, sick = factors
    raw = base * charge * pleroma * sick * OFFENSE[atk_grade + 3] * DEFENSE[def_grade + 3] * AFFINITY_FACTOR[affinity]
    return max(0, math.floor(raw))


def reflected_amount(base: float, factors: tuple) -> int:
    """Sent back by Repel or absorbed by Drain: grades and affinity play no part."""
    charge, pleroma, sick = factors
    return max(0, math.floor(base * charge * pleroma * sick))


def heal_amount(max_hp: int, power: float, heal_pleroma: float) -> int:
    return math.floor(((max_hp * power) / 100) * (1 + heal_pleroma / 100))


def family_of(element: str) -> str:
    return 'physical' if element in ('Phys', 'Gun') else 'magic'


def innate_affinity(unit: Unit, key: str) -> str:
    return unit.passives.affinity.get(key) or unit.d.affinity[key]


def attack_affinity(target: Unit, element: str, bypass: bool = False) -> str:
    """Karns reflect first; Almighty is Neutral; passives replace the catalogue; bypass turns Rs/Nu/Dr Neutral."""
    if target.tetrakarn if family_of(element) == 'physical' else target.makarakarn:
        return 'Repel'
    if element == 'Almighty':
        return 'Neutral'
    affinity = innate_affinity(target, element)
    if bypass and affinity in ('Resist', 'Null', 'Drain'):
        return 'Neutral'
    return affinity


def hit_count(skill: SkillDef, k: int) -> int:
    return skill.hits_min + k % (skill.hits_max - skill.hits_min + 1)


def multi_walk(r: list[Unit], k: int, hits: int) -> list[Unit]:
    """Start at R[K mod |R|]; step up when that index is even, down when odd, wrapping around."""
    if not r:
        return []
    i = k % len(r)
    step = 1 if i % 2 == 0 else -1
    out = [r[i]]
    for _ in range(1, hits):
        i = (i + step) % len(r)
        out.append(r[i])
    return out


def party_targets(team: Team, user: Unit) -> list[Unit]:
    out = [u for u in team.living_on_board() if u is not user]
    if user.alive and user.on_board:
        out.append(user)
    return out


def universal_targets(own: Team, other: Team, user: Unit) -> list[Unit]:
    """Own board but the user, the rival board (dead samurai too), the user; then grouped by name."""
    units = [u for u in own.board if u is not None and u is not user] + [u for u in other.board if u is not None]
    units.append(user)
    groups: dict[str, list[Unit]] = {}
    for u in units:
        groups.setdefault(u.name, []).append(u)
    return [u for group in groups.values() for u in group]


def dead_allies(team: Team) -> list[Unit]:
    out = [] if team.samurai.alive else [team.samurai]
    return out + [m for m in team.reserve() if not m.alive]


def round_order(team: Team) -> list[Unit]:
    return sorted(team.living_on_board(), key=lambda u: (-u.spd, u.slot))


CLASS_PRIORITY = {'simple': 0, 'weak': 1, 'miss': 2, 'null': 3, 'all': 4}


def turn_cost(full: int, blinking: int, cls: str) -> tuple[int, int, int]:
    """Full and Blinking Turns consumed, and Blinking Turns gained, by an action of class `cls`."""
    if cls == 'all':
        return full, blinking, 0
    if cls == 'null':
        b = min(2, blinking)
        return min(2 - b, full), b, 0
    if cls in ('miss', 'simple'):
        return (0, 1, 0) if blinking > 0 else (min(1, full), 0, 0)
    if cls == 'weak':
        return (1, 0, 1) if full > 0 else (0, min(1, blinking), 0)
    # pass (Pasar Turno, Invocar)
    return (0, 1, 0) if blinking > 0 else (min(1, full), 0, 1 if full > 0 else 0)


# ---------------------------------------------------------------------------------------------------
# One action in progress (effects/context.ts) and life and death (life.ts)
# ---------------------------------------------------------------------------------------------------

class ActionContext:
    def __init__(self, state: State, user: Unit):
        self.state = state
        self.user = user
        self.own = state.teams[user.player]
        self.foe = state.teams[opponent_of(user.player)]
        self.events: list[str] = []
        self.cls = 'simple'
        self.bonus_blinking = 0
        # Phys/Gun damage per rival unit, in first-hit order, for counters.
        self.physical_damage: dict[Unit, int] = {}

    def raise_class(self, cls: str) -> None:
        if CLASS_PRIORITY[cls] > CLASS_PRIORITY[self.cls]:
            self.cls = cls


def die(unit: Unit) -> None:
    unit.hp = 0
    unit.atk_grade = unit.def_grade = 0
    unit.ailment = None
    if unit.doped:
        unit.doped = False
        unit.max_hp = unit.base_max_hp


def lethal(unit: Unit, events: list[str]) -> None:
    """A blow that would bring a living unit to 0 HP: Enduring Soul, then Endure, else death."""
    p = unit.passives
    if p.enduring_soul and not unit.enduring_soul_used:
        unit.enduring_soul_used = True
        unit.hp = unit.max_hp
        events.append(f'{unit.name} sobrevive gracias a Enduring Soul')
    elif p.endure and not unit.endure_used:
        unit.endure_used = True
        unit.hp = 1
        events.append(f'{unit.name} sobrevive gracias a Endure')
    else:
        die(unit)


def hurt(unit: Unit, amount: int, events: list[str]) -> None:
    if not unit.alive:
        return
    unit.hp = max(0, unit.hp - amount)
    if unit.hp == 0:
        lethal(unit, events)


def restore_hp(unit: Unit, amount: int) -> None:
    if unit.alive:
        unit.hp = min(unit.max_hp, unit.hp + amount)
