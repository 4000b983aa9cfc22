/**
 * Support effects (rules document 7.6, course wording T56–T70): grades, Charge/Concentrate, the karns,
 * Tetraja, Doping and Blood Ritual. Every affected unit gets its lines, in the order of the skill's
 * effects, even when a grade is already at its cap (course).
 */
import { innateAffinity } from '../affinity.js';
import { clampGrade } from '../damage.js';
import type { ActionEvent } from '../events.js';
import type { Unit } from '../model.js';
import type { SupportEffect } from '../skill-kinds.js';
import { afflict } from './ailments.js';
import { hpAfter } from './hits.js';

/** Doping raises max HP by this share, once, until death (7.6). */
const DOPING_SHARE = 0.3;

export function applySupport(unit: Unit, effect: SupportEffect, events: ActionEvent[]): void {
  const name = unit.name;
  switch (effect) {
    case 'attackUp':
    case 'attackDown':
      unit.atkGrade = clampGrade(unit.atkGrade + (effect === 'attackUp' ? 1 : -1));
      events.push({ kind: 'grade', unit: name, stat: 'attack', up: effect === 'attackUp' });
      return;
    case 'defenseUp':
    case 'defenseDown':
      unit.defGrade = clampGrade(unit.defGrade + (effect === 'defenseUp' ? 1 : -1));
      events.push({ kind: 'grade', unit: name, stat: 'defense', up: effect === 'defenseUp' });
      return;
    case 'clearBuffs':
      unit.atkGrade = Math.min(0, unit.atkGrade);
      unit.defGrade = Math.min(0, unit.defGrade);
      events.push({ kind: 'gradesCleared', unit: name, which: 'buffs' });
      return;
    case 'clearDebuffs':
      unit.atkGrade = Math.max(0, unit.atkGrade);
      unit.defGrade = Math.max(0, unit.defGrade);
      events.push({ kind: 'gradesCleared', unit: name, which: 'debuffs' });
      return;
    case 'charge':
      unit.charged = true;
      events.push({ kind: 'charged', unit: name, family: 'physical' });
      return;
    case 'concentrate':
      unit.concentrated = true;
      events.push({ kind: 'charged', unit: name, family: 'magic' });
      return;
    case 'panicSelf':
      // Panic Caster's price: no roll, but a unit immune to Panic stays calm (smt-extensions 3.7).
      if (innateAffinity(unit, 'Panic') !== 'Null') afflict(unit, 'Panic', events);
      return;
    case 'hpToOne':
      unit.hp = 1;
      events.push(hpAfter(unit));
      return;
    case 'doping':
      if (unit.doped) {
        events.push({ kind: 'dopingMaxed', unit: name });
      } else {
        const amount = Math.floor(unit.maxHp * DOPING_SHARE);
        unit.doped = true;
        unit.maxHp += amount;
        events.push({ kind: 'doped', unit: name, amount });
      }
      events.push(hpAfter(unit));
      return;
    case 'tetrakarn':
      unit.tetrakarn = true;
      events.push({ kind: 'karn', unit: name, family: 'physical' });
      return;
    case 'makarakarn':
      unit.makarakarn = true;
      events.push({ kind: 'karn', unit: name, family: 'magic' });
      return;
    case 'tetraja':
      unit.tetraja = true;
      events.push({ kind: 'tetraja', unit: name });
      return;
    case 'breakTetrakarn':
      unit.tetrakarn = false;
      events.push({ kind: 'karnBroken', unit: name, family: 'physical' });
      return;
    case 'breakMakarakarn':
      unit.makarakarn = false;
      events.push({ kind: 'karnBroken', unit: name, family: 'magic' });
      return;
  }
}

/** A support skill on its targets: each unit gets every effect of the skill in turn. */
export function resolveSupport(effects: readonly SupportEffect[], targets: readonly Unit[], events: ActionEvent[]): void {
  for (const unit of targets) for (const effect of effects) applySupport(unit, effect, events);
}
