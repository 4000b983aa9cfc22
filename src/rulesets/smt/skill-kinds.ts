/**
 * Every catalogue skill mapped to the handler that carries it out. Generic skills are recognised by their
 * type (an Ice skill deals Ice damage); the rest by name, with their parameters from the catalogue and the
 * rules document. A skill that matches nothing is `unsupported`: listed, but refused with a message when
 * chosen, never a crash and never a silent no-op.
 */
import type { AilmentKind, AttackElement, SkillDef } from './catalogue.js';
import { unsupportedSkill } from './errors.js';
import { byName } from './name-table.js';
import { passiveFamily, type PassiveFamily } from './passives.js';

export type SupportEffect =
  | 'attackUp' | 'defenseUp' | 'attackDown' | 'defenseDown'
  | 'clearBuffs' | 'clearDebuffs'
  | 'charge' | 'concentrate' | 'panicSelf' | 'hpToOne'
  | 'doping' | 'tetrakarn' | 'makarakarn' | 'tetraja' | 'breakTetrakarn' | 'breakMakarakarn';

/** A secondary effect of an offensive skill (rules document 7.10, smt-extensions 2). */
export type Secondary =
  | { readonly kind: 'grades'; readonly effects: readonly SupportEffect[] }
  | { readonly kind: 'kill'; readonly power: number }
  | { readonly kind: 'ailment'; readonly ailment: AilmentKind }
  | { readonly kind: 'deathsDoor' };

export type SkillKind =
  | { readonly kind: 'damage'; readonly element: AttackElement; readonly secondary: Secondary | null; readonly bypassResistance: boolean }
  | { readonly kind: 'instakill'; readonly element: 'Light' | 'Dark' }
  | { readonly kind: 'drain'; readonly hp: boolean; readonly mp: boolean }
  | { readonly kind: 'heal'; readonly cures: readonly AilmentKind[] }
  | { readonly kind: 'cure'; readonly cures: readonly AilmentKind[] }
  | { readonly kind: 'revive' }
  | { readonly kind: 'recarmdra' }
  | { readonly kind: 'invitation' }
  | { readonly kind: 'sabbatma' }
  | { readonly kind: 'badCompany' }
  | { readonly kind: 'trafuri' }
  | { readonly kind: 'defendersGaze' }
  | { readonly kind: 'support'; readonly effects: readonly SupportEffect[] }
  | { readonly kind: 'ailment'; readonly ailment: AilmentKind | 'byHp' }
  | { readonly kind: 'passive'; readonly family: PassiveFamily }
  | { readonly kind: 'unsupported'; readonly reason: string };

const ALL_AILMENTS: readonly AilmentKind[] = ['Poison', 'Sleep', 'Panic', 'Bind', 'Sick'];

const SUPPORT: Record<string, readonly SupportEffect[]> = {
  Tarukaja: ['attackUp'],
  Rakukaja: ['defenseUp'],
  'Luster Candy': ['attackUp', 'defenseUp'],
  Tarunda: ['attackDown'],
  'Fog Breath': ['attackDown'],
  Rakunda: ['defenseDown'],
  'Acid Breath': ['defenseDown'],
  Debilitate: ['attackDown', 'defenseDown'],
  'War Cry': ['attackDown', 'defenseDown'],
  Taunt: ['attackUp', 'defenseDown'],
  Dekaja: ['clearBuffs'],
  Dekunda: ['clearDebuffs'],
  'Silent Prayer': ['clearBuffs', 'clearDebuffs'],
  Charge: ['charge'],
  'Dark Energy': ['charge'],
  Concentrate: ['concentrate'],
  'Gather Spirit Energy': ['concentrate'],
  'Panic Caster': ['concentrate', 'panicSelf'],
  'Blood Ritual': ['attackUp', 'defenseUp', 'hpToOne'],
  Doping: ['doping'],
  Tetrakarn: ['tetrakarn'],
  Makarakarn: ['makarakarn'],
  Tetraja: ['tetraja'],
  Tetrakowas: ['breakTetrakarn'],
  Makarakowas: ['breakMakarakarn'],
};

const SECONDARY: Record<string, Secondary> = {
  'Fang Breaker': { kind: 'grades', effects: ['attackDown'] },
  Antichthon: { kind: 'grades', effects: ['attackDown', 'defenseDown'] },
  'Cold World': { kind: 'kill', power: 10 },
  'Occult Flash': { kind: 'kill', power: 20 },
  "Death's Door": { kind: 'deathsDoor' },
  'Dream Fist': { kind: 'ailment', ailment: 'Sleep' },
  'Dream Needle': { kind: 'ailment', ailment: 'Sleep' },
  'Purple Smoke': { kind: 'ailment', ailment: 'Panic' },
  'Madness Needle': { kind: 'ailment', ailment: 'Panic' },
  'Crazed Star Dance': { kind: 'ailment', ailment: 'Panic' },
  'Charm Lightning': { kind: 'ailment', ailment: 'Panic' },
  'Cup of Babylon': { kind: 'ailment', ailment: 'Panic' },
  'Tetanus Cut': { kind: 'ailment', ailment: 'Sick' },
  Blight: { kind: 'ailment', ailment: 'Poison' },
  'Poison Claw': { kind: 'ailment', ailment: 'Poison' },
  'Toxic Sting': { kind: 'ailment', ailment: 'Poison' },
  Damnation: { kind: 'ailment', ailment: 'Poison' },
  'Binding Claw': { kind: 'ailment', ailment: 'Bind' },
  'Stun Needle': { kind: 'ailment', ailment: 'Bind' },
  'Stun Needles': { kind: 'ailment', ailment: 'Bind' },
};

const BYPASS = new Set(["God's Fire", "God's Blizzard", "God's Lightning", "God's Tornado"]);

const DRAINS: Record<string, { hp: boolean; mp: boolean }> = {
  'Life Drain': { hp: true, mp: false },
  'Spirit Drain': { hp: false, mp: true },
  'Energy Drain': { hp: true, mp: true },
  'Serpent of Sheol': { hp: true, mp: true },
};

const HEALS: Record<string, SkillKind> = {
  Dia: { kind: 'heal', cures: [] },
  Diarama: { kind: 'heal', cures: [] },
  Diarahan: { kind: 'heal', cures: [] },
  Media: { kind: 'heal', cures: [] },
  Mediarama: { kind: 'heal', cures: [] },
  Mediarahan: { kind: 'heal', cures: [] },
  Salvation: { kind: 'heal', cures: ALL_AILMENTS },
  Patra: { kind: 'cure', cures: ['Sleep', 'Panic', 'Bind'] },
  'Me Patra': { kind: 'cure', cures: ['Sleep', 'Panic', 'Bind'] },
  Posumudi: { kind: 'cure', cures: ['Poison', 'Sick'] },
  Amrita: { kind: 'cure', cures: ALL_AILMENTS },
  Recarm: { kind: 'revive' },
  Samarecarm: { kind: 'revive' },
  Recarmdra: { kind: 'recarmdra' },
  Invitation: { kind: 'invitation' },
};

const SPECIAL: Record<string, SkillKind> = {
  Sabbatma: { kind: 'sabbatma' },
  'Bad Company': { kind: 'badCompany' },
  Trafuri: { kind: 'trafuri' },
  "Defender's Gaze": { kind: 'defendersGaze' },
};

const AILMENT_SKILLS: Record<string, AilmentKind | 'byHp'> = {
  Dormina: 'Sleep', Lullaby: 'Sleep',
  Poisma: 'Poison', 'Poison Breath': 'Poison',
  Shibaboo: 'Bind', 'Bind Voice': 'Bind',
  Pulinpa: 'Panic', 'Panic Voice': 'Panic',
  'Coughing Fit': 'Sick', 'Pandemic Bomb': 'Sick',
  'Shivering Taboo': 'byHp', 'Announcement of Suffering': 'byHp',
};

export function skillKind(skill: SkillDef): SkillKind {
  const n = skill.name;
  switch (skill.type) {
    case 'Phys': case 'Gun': case 'Fire': case 'Ice': case 'Elec': case 'Force':
      return { kind: 'damage', element: skill.type, secondary: byName(SECONDARY, n) ?? null, bypassResistance: BYPASS.has(n) };
    case 'Almighty':
    {
      const drain = byName(DRAINS, n);
      if (drain !== undefined) return { kind: 'drain', ...drain };
      return { kind: 'damage', element: 'Almighty', secondary: byName(SECONDARY, n) ?? null, bypassResistance: false };
    }
    case 'Light': case 'Dark':
      return { kind: 'instakill', element: skill.type };
    case 'Heal':
      return byName(HEALS, n) ?? unsupported(skill);
    case 'Special':
      return byName(SPECIAL, n) ?? unsupported(skill);
    case 'Support':
    {
      const effects = byName(SUPPORT, n);
      return effects === undefined ? unsupported(skill) : { kind: 'support', effects };
    }
    case 'Ailment':
    {
      const ailment = byName(AILMENT_SKILLS, n);
      return ailment === undefined ? unsupported(skill) : { kind: 'ailment', ailment };
    }
    case 'Passive': {
      const family = passiveFamily(skill);
      return family === null ? unsupported(skill) : { kind: 'passive', family };
    }
  }
}

function unsupported(skill: SkillDef): SkillKind {
  return { kind: 'unsupported', reason: unsupportedSkill.noRule(skill.type, skill.name) };
}

const kindCache = new WeakMap<SkillDef, SkillKind>();

/** `skillKind`, computed once per catalogue entry. */
export function kindOf(skill: SkillDef): SkillKind {
  let kind = kindCache.get(skill);
  if (kind === undefined) {
    kind = skillKind(skill);
    kindCache.set(skill, kind);
  }
  return kind;
}
