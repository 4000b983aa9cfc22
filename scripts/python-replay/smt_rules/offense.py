"""Attacks on the rival, their secondary effects, ailments and support effects
(effects/offense.ts, hits.ts, secondary.ts, ailments.ts, support.ts)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .text import InternalError
from .catalogue import Secondary
from .model import Unit
from .presenter import (
    FAMILY_WORDS, say_afflicted, say_ailment_cast, say_block, say_damage, say_grade, say_hp_after, say_killed,
    say_missed, say_mp_after, say_recovered, say_repel_kill, say_resist, say_strike, say_weak,
)
from .rules import (
    ATTACK_MODIFIER, ActionContext, BASIC_FACTOR, CHARGE_FACTOR, SHOOT_MODIFIER, SICK_FACTOR, attack_affinity,
    clamp_grade, family_of, hit_damage, hurt, innate_affinity, lethal, reflected_amount, restore_hp,
)


# ---------------------------------------------------------------------------------------------------
# Attacks on the rival (effects/offense.ts, hits.ts, secondary.ts)
# ---------------------------------------------------------------------------------------------------

class Hit:
    """One hit's lines; hits are computed in visiting order and printed grouped by target."""

    def __init__(self, target: Unit):
        self.target = target
        self.slot = target.slot if target.slot is not None else 0
        self.events: list[str] = []
        self.sent_back = False      # something came back to the attacker
        self.main_repelled = False  # the target itself gets no `termina` line


def print_hits(ctx: ActionContext, hits: list[Hit]) -> None:
    by_target: dict[Unit, list[Hit]] = {}
    for hit in hits:
        by_target.setdefault(hit.target, []).append(hit)
    groups = sorted(by_target.values(), key=lambda g: g[0].slot)
    last_sent_back = -1
    for i, group in enumerate(groups):
        if any(h.sent_back for h in group):
            last_sent_back = i
    for i, group in enumerate(groups):
        for hit in group:
            ctx.events += hit.events
        if not all(h.main_repelled for h in group):
            ctx.events.append(say_hp_after(group[0].target))
        if i == last_sent_back:
            ctx.events.append(say_hp_after(ctx.user))


def attack_stat(user: Unit, element: str) -> int:
    return user.str if element == 'Phys' else user.skl if element == 'Gun' else user.mag


@dataclass
class DamageAttack:
    element: str
    base: float
    bypass: bool = False
    secondary: Secondary | None = None


def basic_attack(user: Unit, kind: str) -> DamageAttack:
    if kind == 'attack':
        return DamageAttack('Phys', user.str * ATTACK_MODIFIER * BASIC_FACTOR)
    return DamageAttack('Gun', user.skl * SHOOT_MODIFIER * BASIC_FACTOR)


def take_charge(user: Unit, element: str) -> float:
    """Charge (Phys/Gun) or Concentrate (the rest), used up by the first hit of a matching attack."""
    if element in ('Light', 'Dark'):
        return 1
    if family_of(element) == 'physical':
        if not user.charged:
            return 1
        user.charged = False
    else:
        if not user.concentrated:
            return 1
        user.concentrated = False
    return CHARGE_FACTOR


def attacker_factors(user: Unit, element: str, charge: float) -> tuple:
    pleroma = 0 if element in ('Almighty', 'Light', 'Dark') else user.passives.pleroma.get(element, 0)
    return charge, 1 + pleroma / 100, SICK_FACTOR if user.ailment == 'Sick' else 1


def wake_on_damage(target: Unit, events: list[str]) -> None:
    if target.alive and target.ailment == 'Sleep':
        target.ailment = None
        events.append(say_recovered(target, 'Sleep'))


def resolve_damage(ctx: ActionContext, attack: DamageAttack, visits: list[Unit]) -> None:
    user = ctx.user
    element = attack.element
    hits = []
    for index, target in enumerate(visits):
        hit = Hit(target)
        f = attacker_factors(user, element, take_charge(user, element) if index == 0 else 1)
        affinity = attack_affinity(target, element, attack.bypass)
        hit.events.append(say_strike(user, target, element))
        if affinity in ('Weak', 'Resist', 'Neutral'):
            if affinity == 'Weak':
                hit.events.append(say_weak(target, user))
            if affinity == 'Resist':
                hit.events.append(say_resist(target, user))
            amount = hit_damage(attack.base, f, user.atk_grade, target.def_grade, affinity)
            hit.events.append(say_damage(target, amount))
            hurt(target, amount, hit.events)
            wake_on_damage(target, hit.events)
            if family_of(element) == 'physical' and target.player != user.player:
                ctx.physical_damage[target] = ctx.physical_damage.get(target, 0) + amount
            cls = 'weak' if affinity == 'Weak' else 'simple'
        elif affinity == 'Null':
            hit.events.append(say_block(target, user))
            cls = 'null'
        elif affinity == 'Repel':
            amount = reflected_amount(attack.base, f)
            hit.events.append(f'{target.name} devuelve {amount} daño a {user.name}')
            hurt(user, amount, hit.events)
            hit.sent_back = hit.main_repelled = True
            cls = 'all'
        else:  # Drain
            amount = reflected_amount(attack.base, f)
            hit.events.append(f'{target.name} absorbe {amount} daño')
            restore_hp(target, amount)
            cls = 'all'
        ctx.raise_class(cls)
        if attack.secondary is not None:
            apply_secondary(ctx, hit, attack.secondary, affinity)
        hits.append(hit)
    print_hits(ctx, hits)


def resolve_instakill(ctx: ActionContext, element: str, power: float, targets: list[Unit]) -> None:
    """Light and Dark: kill by luck, or miss; Tetraja turns a kill into a miss."""
    user = ctx.user
    hits = []
    for target in targets:
        hit = Hit(target)
        affinity = attack_affinity(target, element)
        hit.events.append(say_strike(user, target, element))
        if affinity == 'Repel':
            hit.events.append(say_repel_kill(target, user))
            if user.alive:
                lethal(user, hit.events)
            hit.sent_back = hit.main_repelled = True
            ctx.raise_class('all')
        elif affinity in ('Null', 'Drain'):
            hit.events.append(say_block(target, user))
            ctx.raise_class('null')
        else:
            kills = (affinity == 'Weak'
                     or (affinity == 'Neutral' and user.lck + power >= target.lck)
                     or (affinity == 'Resist' and user.lck + power >= 2 * target.lck))
            if kills and target.tetraja:
                target.tetraja = False
                hit.events.append(say_missed(user))
                ctx.raise_class('miss')
            elif kills:
                if affinity == 'Weak':
                    hit.events.append(say_weak(target, user))
                if affinity == 'Resist':
                    hit.events.append(say_resist(target, user))
                hit.events.append(say_killed(target))
                if target.alive:
                    lethal(target, hit.events)
                ctx.raise_class('weak' if affinity == 'Weak' else 'simple')
            else:
                hit.events.append(say_missed(user))
                ctx.raise_class('miss')
        hits.append(hit)
    print_hits(ctx, hits)


def resolve_drain(ctx: ActionContext, power: float, drains_hp: bool, drains_mp: bool, targets: list[Unit]) -> None:
    """HP/MP drains: Almighty, never reflected, no grades; capped at what the target has."""
    user = ctx.user
    events = ctx.events
    for index, target in enumerate(targets):
        last = index == len(targets) - 1
        f = attacker_factors(user, 'Almighty', take_charge(user, 'Almighty') if index == 0 else 1)
        amount = reflected_amount(math.sqrt(user.mag * power), f)
        events.append(say_strike(user, target, 'Almighty'))
        if drains_hp:
            taken = min(amount, target.hp)
            events.append(f'El ataque drena {taken} HP de {target.name}')
            hurt(target, taken, events)
            if taken > 0:
                wake_on_damage(target, events)
            events.append(say_hp_after(target))
            restore_hp(user, taken)
            if last:
                events.append(say_hp_after(user))
        if drains_mp:
            taken = min(amount, target.mp)
            target.mp -= taken
            user.mp = min(user.max_mp, user.mp + taken)
            events.append(f'El ataque drena {taken} MP de {target.name}')
            events.append(say_mp_after(target))
            if last:
                events.append(say_mp_after(user))


def apply_secondary(ctx: ActionContext, hit: Hit, secondary: Secondary, main_affinity: str) -> None:
    """Null/Drain nullify it; Repel sends it back to a living attacker; otherwise it lands on a living target."""
    user, target, events = ctx.user, hit.target, hit.events
    if main_affinity in ('Null', 'Drain'):
        return
    if main_affinity == 'Repel':
        if not user.alive:
            return
        if secondary.kind == 'grades':
            for effect in secondary.effects:
                apply_support(user, effect, events)
        elif secondary.kind == 'kill':
            events.append(say_strike(user, target, 'Almighty'))
            events.append(say_repel_kill(target, user))
            lethal(user, events)
        elif secondary.kind == 'ailment':
            events.append(say_ailment_cast(user, target, secondary.ailment))
            events.append(f'{target.name} devuelve el ataque a {user.name}')
            afflict(user, secondary.ailment, events)
        else:  # deathsDoor
            set_to_one_if_sick(user, events)
        return
    if not target.alive:
        return
    if secondary.kind == 'grades':
        for effect in secondary.effects:
            apply_support(target, effect, events)
    elif secondary.kind == 'kill':
        events.append(say_strike(user, target, 'Almighty'))
        if attack_affinity(target, 'Almighty') == 'Repel':
            # Makarakarn covers Almighty: the kill comes back.
            events.append(say_repel_kill(target, user))
            if user.alive:
                lethal(user, events)
            hit.sent_back = True
            ctx.raise_class('all')
        elif user.lck + secondary.power >= target.lck:
            events.append(say_killed(target))
            lethal(target, events)
        else:
            events.append(say_missed(user))
            ctx.raise_class('miss')
    elif secondary.kind == 'ailment':
        ctx.raise_class(try_ailment(user, target, secondary.ailment, 0, events))
    else:  # deathsDoor
        set_to_one_if_sick(target, events)


def set_to_one_if_sick(unit: Unit, events: list[str]) -> None:
    if unit.alive and unit.ailment == 'Sick':
        unit.hp = 1
        events.append(f'El HP de {unit.name} se ha reducido a 1')


# ---------------------------------------------------------------------------------------------------
# Ailments (effects/ailments.ts)
# ---------------------------------------------------------------------------------------------------

BY_HP = ('Bind', 'Panic', 'Poison', 'Sick', 'Sleep')


def afflict(target: Unit, ailment: str, events: list[str]) -> None:
    target.ailment = ailment
    events.append(say_afflicted(target, ailment))


def try_ailment(attacker: Unit, target: Unit, ailment: str, power: float, events: list[str]) -> str:
    """One ailment attempt; returns the outcome's turn class."""
    events.append(say_ailment_cast(attacker, target, ailment))
    affinity = innate_affinity(target, ailment)
    if affinity in ('Null', 'Repel', 'Drain'):
        events.append(say_block(target, attacker))
        return 'null'
    if affinity == 'Weak':
        events.append(say_weak(target, attacker))
        afflict(target, ailment, events)
        return 'weak'
    if affinity == 'Neutral':
        if attacker.lck + power >= target.lck:
            afflict(target, ailment, events)
            return 'simple'
        events.append(say_missed(attacker))
        return 'miss'
    # Resist
    if attacker.lck + power >= 2 * target.lck:
        events.append(say_resist(target, attacker))
        afflict(target, ailment, events)
        return 'simple'
    events.append(say_missed(attacker))
    return 'miss'


def cure(target: Unit, cures: tuple, events: list[str]) -> None:
    if target.ailment is not None and target.ailment in cures:
        events.append(say_recovered(target, target.ailment))
        target.ailment = None


# ---------------------------------------------------------------------------------------------------
# Support (effects/support.ts)
# ---------------------------------------------------------------------------------------------------

DOPING_SHARE = 0.3


def apply_support(unit: Unit, effect: str, events: list[str]) -> None:
    name = unit.name
    if effect in ('attackUp', 'attackDown'):
        unit.atk_grade = clamp_grade(unit.atk_grade + (1 if effect == 'attackUp' else -1))
        events.append(say_grade(unit, 'attack', effect == 'attackUp'))
    elif effect in ('defenseUp', 'defenseDown'):
        unit.def_grade = clamp_grade(unit.def_grade + (1 if effect == 'defenseUp' else -1))
        events.append(say_grade(unit, 'defense', effect == 'defenseUp'))
    elif effect == 'clearBuffs':
        unit.atk_grade = min(0, unit.atk_grade)
        unit.def_grade = min(0, unit.def_grade)
        events.append(f'Los buffs de {name} han desaparecido')
    elif effect == 'clearDebuffs':
        unit.atk_grade = max(0, unit.atk_grade)
        unit.def_grade = max(0, unit.def_grade)
        events.append(f'Los debuffs de {name} han desaparecido')
    elif effect == 'charge':
        unit.charged = True
        events.append(f'{name} ha cargado su siguiente ataque físico o disparo a más del doble')
    elif effect == 'concentrate':
        unit.concentrated = True
        events.append(f'{name} ha cargado su siguiente ataque mágico a más del doble')
    elif effect == 'panicSelf':
        if innate_affinity(unit, 'Panic') != 'Null':
            afflict(unit, 'Panic', events)
    elif effect == 'hpToOne':
        unit.hp = 1
        events.append(say_hp_after(unit))
    elif effect == 'doping':
        if unit.doped:
            events.append(f'{name} no puede aumentar más su HP máximo')
        else:
            amount = math.floor(unit.max_hp * DOPING_SHARE)
            unit.doped = True
            unit.max_hp += amount
            events.append(f'El HP máximo de {name} ha aumentado en {amount}')
        events.append(say_hp_after(unit))
    elif effect == 'tetrakarn':
        unit.tetrakarn = True
        events.append(f'{name} devolverá {FAMILY_WORDS["physical"]} por una ronda')
    elif effect == 'makarakarn':
        unit.makarakarn = True
        events.append(f'{name} devolverá {FAMILY_WORDS["magic"]} por una ronda')
    elif effect == 'tetraja':
        # "siquiente" is the course's spelling, kept byte for byte.
        unit.tetraja = True
        events.append(f'{name} bloqueará el siquiente ataque de luz o de oscuridad que reciba')
    elif effect == 'breakTetrakarn':
        unit.tetrakarn = False
        events.append(f'Los reflectores de {FAMILY_WORDS["physical"]} de {name} han sido neutralizados')
    elif effect == 'breakMakarakarn':
        unit.makarakarn = False
        events.append(f'Los reflectores de {FAMILY_WORDS["magic"]} de {name} han sido neutralizados')
    else:
        raise InternalError(f'unknown support effect {effect}')
