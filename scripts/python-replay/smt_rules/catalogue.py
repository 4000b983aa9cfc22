"""The catalogue (catalogue.ts), passive skills (passives.ts) and skill kinds (skill-kinds.ts)."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

from .text import BOM, read_text


# ---------------------------------------------------------------------------------------------------
# Catalogue (catalogue.ts). The course catalogue is known to be valid; errors are reported plainly.
# ---------------------------------------------------------------------------------------------------

ELEMENTS = ('Phys', 'Gun', 'Fire', 'Ice', 'Elec', 'Force', 'Light', 'Dark')
AILMENTS = ('Bind', 'Sleep', 'Sick', 'Panic', 'Poison')
AFFINITY_BY_CODE = {'-': 'Neutral', 'Wk': 'Weak', 'Rs': 'Resist', 'Nu': 'Null', 'Rp': 'Repel', 'Dr': 'Drain'}
HITS = re.compile(r'-|[1-9][0-9]*|[1-9][0-9]*-[1-9][0-9]*')


class CatalogueError(Exception):
    pass


@dataclass(eq=False)
class SkillDef:
    name: str
    type: str
    cost: int
    power: float
    target: str
    hits_min: int
    hits_max: int
    effect: str
    kind: 'SkillKind | None' = None  # filled in once, right after loading (skill-kinds.ts kindOf)


@dataclass(eq=False)
class UnitDef:
    name: str
    is_samurai: bool
    stats: dict            # hp, mp, str, skl, mag, spd, lck
    affinity: dict         # element or ailment -> Neutral/Weak/Resist/Null/Repel/Drain
    skills: list           # monsters: catalogue skills in order; samurai: empty


@dataclass
class Catalogue:
    samurai: dict
    monsters: dict
    skills: dict


def _stats(raw: dict) -> dict:
    return {'hp': raw['HP'], 'mp': raw['MP'], 'str': raw['Str'], 'skl': raw['Skl'], 'mag': raw['Mag'],
            'spd': raw['Spd'], 'lck': raw['Lck']}


def _affinity(raw: dict) -> dict:
    return {key: AFFINITY_BY_CODE[raw[key]] for key in (*ELEMENTS, *AILMENTS)}


def load_catalogue(folder: str) -> Catalogue:
    def read(name: str):
        path = os.path.join(folder, name)
        try:
            return path, json.loads(read_text(path).lstrip(BOM))
        except (OSError, ValueError) as error:
            raise CatalogueError(f'{path}: cannot read catalogue file ({error})') from None

    skills: dict[str, SkillDef] = {}
    samurai: dict[str, UnitDef] = {}
    monsters: dict[str, UnitDef] = {}
    path, entries = read('skills.json')
    try:
        for raw in entries:
            if raw['name'] in skills or not HITS.fullmatch(raw['hits']):
                raise CatalogueError(f'{path}: bad skill entry "{raw["name"]}"')
            low, _, high = ('1' if raw['hits'] == '-' else raw['hits']).partition('-')
            skill = SkillDef(raw['name'], raw['type'], max(0, raw['cost']), raw['power'], raw['target'],
                             int(low), int(high or low), raw['effect'])
            skill.kind = skill_kind(skill)
            skills[skill.name] = skill
        path, entries = read('samurai.json')
        for raw in entries:
            samurai[raw['name']] = UnitDef(raw['name'], True, _stats(raw['stats']), _affinity(raw['affinity']), [])
        path, entries = read('monsters.json')
        for raw in entries:
            own = []
            for name in raw['skills']:
                if name not in skills:
                    raise CatalogueError(f'{path}: unknown skill "{name}" (not in skills.json)')
                own.append(skills[name])
            monsters[raw['name']] = UnitDef(raw['name'], False, _stats(raw['stats']), _affinity(raw['affinity']), own)
    except (KeyError, TypeError) as error:
        raise CatalogueError(f'{path}: does not follow the catalogue schema ({error!r})') from None
    return Catalogue(samurai, monsters, skills)


# ---------------------------------------------------------------------------------------------------
# Passives (passives.ts)
# ---------------------------------------------------------------------------------------------------

AFFINITY_RANK = {'Neutral': 0, 'Weak': 0, 'Resist': 1, 'Null': 2, 'Repel': 3, 'Drain': 4}
ELEMENT_WORDS = {'Phys': 'Phys', 'Gun': 'Gun', 'Fire': 'Fire', 'Ice': 'Ice', 'Elec': 'Elec', 'Electric': 'Elec',
                 'Force': 'Force', 'Light': 'Light', 'Dark': 'Dark'}
IMMUNITIES = {
    'Null Mind': ('Sleep', 'Panic'),
    'Null Nerve': ('Poison', 'Bind', 'Sick'),
    'Hellish Mask': ('Poison', 'Sleep', 'Panic', 'Bind', 'Sick'),
}
LESSONS = {'Speed Lesson': ('spd',), 'Haste Lesson': ('spd',), 'Awakening': ('str', 'skl', 'mag', 'spd', 'lck')}
GAINS = {'Life Bonus': 'hp', 'Life Gain': 'hp', 'Life Surge': 'hp', 'Mana Bonus': 'mp', 'Mana Gain': 'mp',
         'Mana Surge': 'mp'}
COUNTERS = {'Counter': 'self', 'Retaliate': 'self', 'Ally Counter': 'ally', 'Ally Retaliate': 'ally'}
AFFINITY_PASSIVE = re.compile(r'(Resist|Null|Repel|Drain) (Phys|Gun|Fire|Ice|Elec|Electric|Force|Light|Dark)')
PLEROMA = re.compile(r'(?:High )?(Phys|Gun|Fire|Ice|Elec|Force|Heal) Pleroma')
PENETRATE = re.compile(r'(Fire|Ice|Elec|Force) Penetrate')


def passive_family(skill: SkillDef) -> str | None:
    n = skill.name
    if AFFINITY_PASSIVE.fullmatch(n):
        return 'affinity'
    if n in IMMUNITIES:
        return 'ailment-immunity'
    if n in LESSONS:
        return 'lesson'
    if n in GAINS:
        return 'gain'
    if PLEROMA.fullmatch(n):
        return 'pleroma'
    if n in COUNTERS:
        return 'counter'
    if PENETRATE.fullmatch(n):
        return 'penetrate'
    if n in ('Endure', 'Enduring Soul'):
        return 'endure'
    return None


class Passives:
    """What a unit's passive skills add up to."""

    def __init__(self, skills: list[SkillDef]):
        self.affinity: dict[str, str] = {}
        self.stat_bonus = {'str': 0, 'skl': 0, 'mag': 0, 'spd': 0, 'lck': 0}
        self.hp_percent = self.mp_percent = self.heal_pleroma = 0
        self.pleroma: dict[str, float] = {}
        self.counter = self.ally_counter = 0
        self.penetrate: set[str] = set()
        self.endure = self.enduring_soul = False
        for skill in skills:
            if skill.type != 'Passive':
                continue
            n = skill.name
            match = AFFINITY_PASSIVE.fullmatch(n)
            if match:
                self._grant(ELEMENT_WORDS[match[2]], match[1])
            for ailment in IMMUNITIES.get(n, ()):
                self._grant(ailment, 'Null')
            for stat in LESSONS.get(n, ()):
                self.stat_bonus[stat] += skill.power
            if GAINS.get(n) == 'hp':
                self.hp_percent += skill.power
            if GAINS.get(n) == 'mp':
                self.mp_percent += skill.power
            pl = PLEROMA.fullmatch(n)
            if pl:
                if pl[1] == 'Heal':
                    self.heal_pleroma += skill.power
                else:
                    self.pleroma[pl[1]] = self.pleroma.get(pl[1], 0) + skill.power
            if COUNTERS.get(n) == 'self':
                self.counter = max(self.counter, skill.power)
            if COUNTERS.get(n) == 'ally':
                self.ally_counter = max(self.ally_counter, skill.power)
            pen = PENETRATE.fullmatch(n)
            if pen:
                self.penetrate.add(pen[1])
            if n == 'Endure':
                self.endure = True
            if n == 'Enduring Soul':
                self.enduring_soul = True

    def _grant(self, key: str, value: str) -> None:
        current = self.affinity.get(key)
        if current is None or AFFINITY_RANK[value] > AFFINITY_RANK[current]:
            self.affinity[key] = value


# ---------------------------------------------------------------------------------------------------
# Skill kinds (skill-kinds.ts): every catalogue skill mapped to the rule that carries it out
# ---------------------------------------------------------------------------------------------------

ALL_AILMENTS = ('Poison', 'Sleep', 'Panic', 'Bind', 'Sick')


@dataclass(frozen=True)
class Secondary:
    kind: str                      # grades | kill | ailment | deathsDoor
    effects: tuple = ()
    power: int = 0
    ailment: str | None = None


@dataclass(frozen=True)
class SkillKind:
    kind: str
    element: str | None = None
    secondary: Secondary | None = None
    bypass: bool = False
    hp: bool = False
    mp: bool = False
    cures: tuple = ()
    effects: tuple = ()
    ailment: str | None = None     # an ailment, or 'byHp'
    family: str | None = None
    reason: str = ''


SUPPORT = {
    'Tarukaja': ('attackUp',), 'Rakukaja': ('defenseUp',), 'Luster Candy': ('attackUp', 'defenseUp'),
    'Tarunda': ('attackDown',), 'Fog Breath': ('attackDown',), 'Rakunda': ('defenseDown',),
    'Acid Breath': ('defenseDown',), 'Debilitate': ('attackDown', 'defenseDown'),
    'War Cry': ('attackDown', 'defenseDown'), 'Taunt': ('attackUp', 'defenseDown'), 'Dekaja': ('clearBuffs',),
    'Dekunda': ('clearDebuffs',), 'Silent Prayer': ('clearBuffs', 'clearDebuffs'), 'Charge': ('charge',),
    'Dark Energy': ('charge',), 'Concentrate': ('concentrate',), 'Gather Spirit Energy': ('concentrate',),
    'Panic Caster': ('concentrate', 'panicSelf'), 'Blood Ritual': ('attackUp', 'defenseUp', 'hpToOne'),
    'Doping': ('doping',), 'Tetrakarn': ('tetrakarn',), 'Makarakarn': ('makarakarn',), 'Tetraja': ('tetraja',),
    'Tetrakowas': ('breakTetrakarn',), 'Makarakowas': ('breakMakarakarn',),
}
SECONDARY = {
    'Fang Breaker': Secondary('grades', effects=('attackDown',)),
    'Antichthon': Secondary('grades', effects=('attackDown', 'defenseDown')),
    'Cold World': Secondary('kill', power=10),
    'Occult Flash': Secondary('kill', power=20),
    "Death's Door": Secondary('deathsDoor'),
    **{name: Secondary('ailment', ailment='Sleep') for name in ('Dream Fist', 'Dream Needle')},
    **{name: Secondary('ailment', ailment='Panic') for name in
       ('Purple Smoke', 'Madness Needle', 'Crazed Star Dance', 'Charm Lightning', 'Cup of Babylon')},
    'Tetanus Cut': Secondary('ailment', ailment='Sick'),
    **{name: Secondary('ailment', ailment='Poison') for name in ('Blight', 'Poison Claw', 'Toxic Sting', 'Damnation')},
    **{name: Secondary('ailment', ailment='Bind') for name in ('Binding Claw', 'Stun Needle', 'Stun Needles')},
}
BYPASS = {"God's Fire", "God's Blizzard", "God's Lightning", "God's Tornado"}
DRAINS = {'Life Drain': (True, False), 'Spirit Drain': (False, True), 'Energy Drain': (True, True),
          'Serpent of Sheol': (True, True)}
HEALS = {
    **{name: SkillKind('heal') for name in ('Dia', 'Diarama', 'Diarahan', 'Media', 'Mediarama', 'Mediarahan')},
    'Salvation': SkillKind('heal', cures=ALL_AILMENTS),
    'Patra': SkillKind('cure', cures=('Sleep', 'Panic', 'Bind')),
    'Me Patra': SkillKind('cure', cures=('Sleep', 'Panic', 'Bind')),
    'Posumudi': SkillKind('cure', cures=('Poison', 'Sick')),
    'Amrita': SkillKind('cure', cures=ALL_AILMENTS),
    'Recarm': SkillKind('revive'), 'Samarecarm': SkillKind('revive'),
    'Recarmdra': SkillKind('recarmdra'), 'Invitation': SkillKind('invitation'),
}
SPECIAL = {'Sabbatma': SkillKind('sabbatma'), 'Bad Company': SkillKind('badCompany'), 'Trafuri': SkillKind('trafuri'),
           "Defender's Gaze": SkillKind('defendersGaze')}
AILMENT_SKILLS = {
    'Dormina': 'Sleep', 'Lullaby': 'Sleep', 'Poisma': 'Poison', 'Poison Breath': 'Poison',
    'Shibaboo': 'Bind', 'Bind Voice': 'Bind', 'Pulinpa': 'Panic', 'Panic Voice': 'Panic',
    'Coughing Fit': 'Sick', 'Pandemic Bomb': 'Sick',
    'Shivering Taboo': 'byHp', 'Announcement of Suffering': 'byHp',
}


def skill_kind(skill: SkillDef) -> SkillKind:
    n, t = skill.name, skill.type
    unsupported = SkillKind('unsupported', reason=f'no rule is known for the {t} skill "{n}"')
    if t in ('Phys', 'Gun', 'Fire', 'Ice', 'Elec', 'Force'):
        return SkillKind('damage', element=t, secondary=SECONDARY.get(n), bypass=n in BYPASS)
    if t == 'Almighty':
        if n in DRAINS:
            return SkillKind('drain', hp=DRAINS[n][0], mp=DRAINS[n][1])
        return SkillKind('damage', element='Almighty', secondary=SECONDARY.get(n))
    if t in ('Light', 'Dark'):
        return SkillKind('instakill', element=t)
    if t == 'Heal':
        return HEALS.get(n, unsupported)
    if t == 'Special':
        return SPECIAL.get(n, unsupported)
    if t == 'Support':
        return SkillKind('support', effects=SUPPORT[n]) if n in SUPPORT else unsupported
    if t == 'Ailment':
        return SkillKind('ailment', ailment=AILMENT_SKILLS[n]) if n in AILMENT_SKILLS else unsupported
    family = passive_family(skill)  # Passive
    return unsupported if family is None else SkillKind('passive', family=family)
