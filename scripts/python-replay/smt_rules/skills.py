"""Heal, revive, summons, skill dispatch, and turns nobody chooses with counters and poison
(effects/heal.ts, summon.ts, skills.ts, ailment-turns.ts)."""
from __future__ import annotations

import math

from .text import InternalError
from .catalogue import SkillDef
from .model import State, Team, Unit
from .presenter import AILMENT_STATE, say_damage, say_hp_after, say_hp_gained, say_recovered
from .rules import (
    ActionContext, die, heal_amount, hit_count, hurt, multi_walk, party_targets, restore_hp, universal_targets,
)
from .offense import (
    BY_HP, DamageAttack, apply_support, attack_stat, basic_attack, cure, resolve_damage, resolve_drain,
    resolve_instakill, try_ailment,
)


# ---------------------------------------------------------------------------------------------------
# Heal, revive and summons (effects/heal.ts, summon.ts)
# ---------------------------------------------------------------------------------------------------

def heal_for(user: Unit, target: Unit, power: float) -> int:
    return heal_amount(target.max_hp, power, user.passives.heal_pleroma)


def resolve_heal(ctx: ActionContext, power: float, cures: tuple, targets: list[Unit]) -> None:
    """`cura`, the nominal amount (even when it overheals), cures if any, then `termina`."""
    user = ctx.user
    for target in targets:
        amount = heal_for(user, target, power)
        ctx.events += [f'{user.name} cura a {target.name}', say_hp_gained(target, amount)]
        restore_hp(target, amount)
        cure(target, cures, ctx.events)
        ctx.events.append(say_hp_after(target))


def resolve_cure(ctx: ActionContext, cures: tuple, targets: list[Unit]) -> None:
    for target in targets:
        ctx.events.append(f'{ctx.user.name} cura a {target.name}')
        cure(target, cures, ctx.events)


def revive_unit(ctx: ActionContext, target: Unit, amount: int) -> None:
    """Brings a dead unit back; one on the acting player's board rejoins the end of the order."""
    ctx.events += [f'{ctx.user.name} revive a {target.name}', say_hp_gained(target, amount)]
    target.hp = min(target.max_hp, max(1, amount))
    ctx.events.append(say_hp_after(target))
    state = ctx.state
    if target.on_board and target.player == state.active and target not in state.order:
        state.order.append(target)


def resolve_recarmdra(ctx: ActionContext, power: float) -> None:
    """Heals or revives every own unit but the user (board, then reserve); then the user dies."""
    user = ctx.user
    team = ctx.own
    on_board = [u for u in team.board if u is not None and u is not user]
    for target in on_board + team.reserve():
        amount = heal_for(user, target, power)
        if target.alive:
            ctx.events += [f'{user.name} cura a {target.name}', say_hp_gained(target, amount)]
            restore_hp(target, amount)
            ctx.events.append(say_hp_after(target))
        else:
            revive_unit(ctx, target, amount)
    die(user)
    ctx.events.append(say_hp_after(user))


def place_summon(state: State, team: Team, incoming: Unit, slot: int) -> None:
    """The incoming monster takes the outgoing unit's place in the order, or joins its end."""
    outgoing = team.board[slot]
    team.place(incoming, slot)
    if team.index != state.active:
        return
    if outgoing is not None and outgoing in state.order:
        state.order[state.order.index(outgoing)] = incoming
    else:
        state.order.append(incoming)


def resolve_summon(ctx: ActionContext, incoming: Unit, slot: int, revive_power: float | None) -> None:
    place_summon(ctx.state, ctx.own, incoming, slot)
    ctx.events.append(f'{incoming.name} ha sido invocado')
    if revive_power is not None and not incoming.alive:
        revive_unit(ctx, incoming, heal_amount(incoming.max_hp, revive_power, ctx.user.passives.heal_pleroma))


def strongest_in_reserve(team: Team) -> Unit | None:
    """Bad Company: the living reserve monster with the highest Str, the earliest on ties."""
    best = None
    for m in team.living_reserve():
        if best is None or m.str > best.str:
            best = m
    return best


# ---------------------------------------------------------------------------------------------------
# Skills (effects/skills.ts)
# ---------------------------------------------------------------------------------------------------

DEFENDERS_GAZE_BLINKING = 3


def usable_skills(unit: Unit) -> list[SkillDef]:
    """Not passive, affordable, and not Blood Ritual-like at 1 HP."""
    out = []
    for skill in unit.skills:
        if skill.type == 'Passive' or skill.cost > unit.mp:
            continue
        kind = skill.kind
        if kind.kind == 'support' and 'hpToOne' in kind.effects and unit.hp == 1:
            continue
        out.append(skill)
    return out


MENU_BY_TARGET = {
    'damage': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'instakill': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'ailment': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'drain': {'Single': 'enemy', 'All': 'none'},
    'heal': {'Ally': 'ally', 'Party': 'none'},
    'cure': {'Ally': 'ally', 'Party': 'none'},
    'revive': {'Ally': 'deadAlly'},
    'support': {'Self': 'none', 'Party': 'none', 'All': 'none', 'Universal': 'none', 'Ally': 'ally', 'Single': 'enemy'},
}
MENU_FIXED = {'recarmdra': 'none', 'defendersGaze': 'none', 'invitation': 'monsterOrDead', 'sabbatma': 'monster',
              'badCompany': 'autoMonster', 'trafuri': 'surrender'}


def skill_menu_kind(skill: SkillDef) -> tuple[str, str]:
    """The menu a chosen skill opens, as (menu, refusal reason when the menu is 'unsupported')."""
    kind = skill.kind.kind
    if kind in MENU_BY_TARGET:
        menu = MENU_BY_TARGET[kind].get(skill.target)
        if menu is None:
            return 'unsupported', f'skill "{skill.name}" cannot be used with target {skill.target}'
        return menu, ''
    if kind in MENU_FIXED:
        return MENU_FIXED[kind], ''
    if kind == 'passive':
        return 'unsupported', f'"{skill.name}" is a passive skill and cannot be used'
    return 'unsupported', skill.kind.reason


def need(chosen: Unit | None, skill: SkillDef) -> Unit:
    if chosen is None:
        raise InternalError(f'skill "{skill.name}" needs a chosen target')
    return chosen


def offensive_visits(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> list[Unit]:
    """The units an offensive skill visits, one entry per hit, in visiting order."""
    hits = hit_count(skill, ctx.own.k)
    foes = ctx.foe.living_on_board()
    if skill.target == 'Single':
        return [need(chosen, skill)] * hits
    if skill.target == 'Multi':
        return multi_walk(foes, ctx.own.k, hits)
    return foes * hits


def support_targets(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> list[Unit]:
    target = skill.target
    if target == 'Self':
        return [ctx.user]
    if target == 'Party':
        return party_targets(ctx.own, ctx.user)
    if target == 'All':
        return ctx.foe.living_on_board()
    if target == 'Universal':
        return universal_targets(ctx.own, ctx.foe, ctx.user)
    return [need(chosen, skill)]


def resolve_skill(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> None:
    """Carries out a skill whose menus are done (summons and Trafuri go their own ways)."""
    kind = skill.kind
    user = ctx.user
    if kind.kind == 'damage':
        bypass = kind.bypass or (kind.element != 'Almighty' and kind.element in user.passives.penetrate)
        base = math.sqrt(attack_stat(user, kind.element) * skill.power)
        resolve_damage(ctx, DamageAttack(kind.element, base, bypass, kind.secondary), offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'instakill':
        resolve_instakill(ctx, kind.element, skill.power, offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'drain':
        resolve_drain(ctx, skill.power, kind.hp, kind.mp, offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'ailment':
        for target in offensive_visits(ctx, skill, chosen):
            ailment = BY_HP[target.hp % 5] if kind.ailment == 'byHp' else kind.ailment
            ctx.raise_class(try_ailment(user, target, ailment, skill.power, ctx.events))
            ctx.events.append(say_hp_after(target))
    elif kind.kind == 'heal':
        resolve_heal(ctx, skill.power, kind.cures, support_targets(ctx, skill, chosen))
    elif kind.kind == 'cure':
        resolve_cure(ctx, kind.cures, support_targets(ctx, skill, chosen))
    elif kind.kind == 'revive':
        target = need(chosen, skill)
        revive_unit(ctx, target, heal_for(user, target, skill.power))
    elif kind.kind == 'recarmdra':
        resolve_recarmdra(ctx, skill.power)
    elif kind.kind == 'support':
        for unit in support_targets(ctx, skill, chosen):
            for effect in kind.effects:
                apply_support(unit, effect, ctx.events)
    elif kind.kind == 'defendersGaze':
        ctx.bonus_blinking += DEFENDERS_GAZE_BLINKING
    else:
        raise InternalError(f'skill "{skill.name}" ({kind.kind}) cannot be resolved here')


# ---------------------------------------------------------------------------------------------------
# Turns nobody chooses, counters and poison (effects/ailment-turns.ts)
# ---------------------------------------------------------------------------------------------------

def resolve_automatic_turn(state: State, actor: Unit) -> ActionContext | None:
    """A sleeping or bound unit loses its turn; a panicked one attacks R[K mod |R|]. None: the player chooses."""
    ailment = actor.ailment
    if ailment not in ('Sleep', 'Bind', 'Panic'):
        return None
    ctx = ActionContext(state, actor)
    if ailment in ('Sleep', 'Bind'):
        actor.ailment = None
        ctx.events += [f'{actor.name} está {AILMENT_STATE[ailment]} y no puede actuar', say_recovered(actor, ailment)]
        return ctx
    ctx.events.append(f'{actor.name} está en pánico')
    candidates = [u for u in ctx.own.living_on_board() if u is not actor] + ctx.foe.living_on_board()
    target = candidates[ctx.own.k % len(candidates)]
    resolve_damage(ctx, basic_attack(actor, 'attack'), [target])
    resolve_end_of_action(ctx)
    if actor.alive and actor.ailment == 'Panic':
        actor.ailment = None
        ctx.events.append(say_recovered(actor, 'Panic'))
    return ctx


def can_counter(u: Unit) -> bool:
    return u.alive and u.on_board and u.ailment not in ('Sleep', 'Bind', 'Panic')


def resolve_end_of_action(ctx: ActionContext) -> None:
    """Counters, then the actor's poison."""
    resolve_counters(ctx)
    user = ctx.user
    if user.ailment == 'Poison' and user.alive and user.on_board:
        amount = max(1, math.floor(user.max_hp / 8))
        events = [f'{user.name} recibe {amount} de daño por veneno']
        hurt(user, amount, events)
        events.append(say_hp_after(user))
        ctx.events += events


def resolve_counters(ctx: ActionContext) -> None:
    attacker = ctx.user
    damaged = sorted(ctx.physical_damage.items(), key=lambda e: 9 if e[0].slot is None else e[0].slot)
    for unit, amount in damaged:
        if not attacker.alive:
            return
        if not unit.alive or not unit.on_board or amount < 1:
            continue
        holder = unit if can_counter(unit) and unit.passives.counter > 0 else None
        power = 0 if holder is None else unit.passives.counter
        for ally in ctx.foe.living_on_board():
            if ally is not unit and can_counter(ally) and ally.passives.ally_counter > power:
                holder = ally
                power = ally.passives.ally_counter
        if holder is None:
            continue
        damage = math.floor(amount * power / 100)
        events = [f'{holder.name} contraataca a {attacker.name}', say_damage(attacker, damage)]
        hurt(attacker, damage, events)
        events.append(say_hp_after(attacker))
        ctx.events += events
