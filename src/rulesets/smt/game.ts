/**
 * The SMT battle as a state machine over prompts (the course's menus). Each accepted choice either opens
 * the next menu or completes an action; a completed action prints its result block and turn report,
 * updates the Press Turn counters and the action order, then checks for the end of the game and starts
 * the next turn. Rules live in the effect modules; words in the presenter.
 */
import { choice, InternalError, StepGuard, type Battle, type Feed, type Pending } from '../../core/battle.js';
import type { Catalogue, SkillDef } from './catalogue.js';
import { ActionContext } from './effects/context.js';
import { resolveAutomaticTurn, resolveEndOfAction } from './effects/ailment-turns.js';
import { basicAttack, resolveDamage } from './effects/offense.js';
import { resolveSkill, skillMenuKind, usableSkills } from './effects/skills.js';
import { resolveSummon, strongestInReserve } from './effects/summon.js';
import { createState, opponentOf, type PlayerIndex, type SmtState, type Team, type Unit } from './model.js';
import { payTurns, turnCost, type TurnClass } from './press-turn.js';
import {
  INVALID_TEAM_FILE, SEPARATOR,
  actionMenu, fileMenu, monsterMenu, positionMenu, pushEvents, pushStatus, rangeWords, roundHeader,
  skillMenu, targetMenu, turnReport, winnerLine,
} from './presenter.js';
import { MONSTER_ACTIONS, SAMURAI_ACTIONS, cancelChoice, choiceRange, choiceTag, SUMMON_POSITIONS, type ActionId, type Intent, type Prompt } from './menus.js';
import { kindOf } from './skill-kinds.js';
import { deadAllies, roundOrder } from './targeting.js';
import { checkTeams, parseTeamFile } from './team-file.js';

export interface SmtSetup {
  /** The team files offered by the file menu, in menu order. */
  readonly files: readonly string[];
  /** Reads one of them (throws an errno-style error when it cannot). */
  readonly readTeamFile: (name: string) => string;
  /** How a team file is named in diagnostics (its path). */
  readonly describe: (name: string) => string;
  readonly catalogue: Catalogue;
}

/** Automatic turns (lost or panicked turns) in a row before the guard calls it a loop. */
const AUTOMATIC_TURN_LIMIT = 10_000;

const CHOICE = /^\d+$/;
const NEGATIVE = /^-\d+$/;

export class SmtBattle implements Battle {
  private asked: Prompt = { kind: 'file' };
  private menu: string[];
  private state: SmtState | null = null;
  private readonly guard = new StepGuard(AUTOMATIC_TURN_LIMIT, 'smt');

  constructor(private readonly setup: SmtSetup) {
    this.menu = fileMenu(setup.files);
  }

  opening(): readonly string[] {
    return this.menu;
  }

  pending(): Pending {
    const range = this.range();
    if (range === null) return { kind: 'ended' };
    const asked = this.asked;
    return {
      kind: 'awaiting',
      expects: rangeWords(range[0], range[1]),
      choices: () => this.choices().map((line) => choice(line, choiceTag(asked, Number(line)))),
      // A line the core refused itself gets the menu again, as a rejected choice does.
      menu: () => this.menu,
    };
  }

  /** The live state, read-only by contract: for property tests and debugging. Null before a team file loads. */
  inspect(): Readonly<SmtState> | null {
    return this.state;
  }

  choices(): readonly string[] {
    const range = this.range();
    if (range === null) return [];
    const out: string[] = [];
    for (let n = range[0]; n <= range[1]; n++) out.push(String(n));
    return out;
  }

  step(): string {
    const p = this.asked;
    switch (p.kind) {
      case 'file': return 'file menu';
      case 'ended': return 'end of game';
      default: return `${p.kind} menu of ${p.unit.name}`;
    }
  }

  feed(line: string): Feed {
    const range = this.range();
    if (range === null) throw new InternalError('a choice was fed after the end of the game');
    const [lo, hi] = range;
    const text = line.replace(/^[ \t]+|[ \t]+$/g, '');
    if (!CHOICE.test(text)) {
      const code = NEGATIVE.test(text) ? 'E_RANGE' : 'E_SYNTAX';
      return { ok: false, error: { code, message: `expected ${rangeWords(lo, hi)}, got '${line}'` }, lines: this.menu };
    }
    const value = Number(text);
    if (value < lo || value > hi) {
      return { ok: false, error: { code: 'E_RANGE', message: `expected ${rangeWords(lo, hi)}, got '${line}'` }, lines: this.menu };
    }
    const out: string[] = [];
    const notes: string[] = [];
    const refusal = this.choose(value, out, notes);
    if (refusal !== null) return { ok: false, error: { code: 'E_UNSUPPORTED', message: refusal }, lines: this.menu };
    return { ok: true, lines: out, notes };
  }

  /** The valid range of the pending menu, or null once the game has ended. */
  private range(): [number, number] | null {
    return choiceRange(this.asked, this.setup.files.length);
  }

  private get live(): SmtState {
    if (this.state === null) throw new InternalError('no battle is loaded');
    return this.state;
  }

  private open(prompt: Prompt, menu: string[], out: string[]): void {
    this.asked = prompt;
    this.menu = menu;
    out.push(...menu);
  }

  /** Handles an in-range choice. Returns a refusal message when the choice cannot be carried out. */
  private choose(value: number, out: string[], notes: string[]): string | null {
    const p = this.asked;
    switch (p.kind) {
      case 'ended':
        throw new InternalError('a choice was fed after the end of the game');
      case 'file':
        this.loadFile(this.setup.files[value]!, out, notes);
        return null;
      case 'action':
        return this.chooseAction(p.unit, p.actions[value - 1]!, out);
      case 'skill':
        if (value === cancelChoice(p.skills.length)) return this.cancel(p.unit, out);
        return this.chooseSkill(p.unit, p.skills[value - 1]!, out);
      case 'target':
        if (value === cancelChoice(p.targets.length)) return this.cancel(p.unit, out);
        out.push(SEPARATOR);
        this.act(p.unit, p.intent, p.targets[value - 1]!, out);
        return null;
      case 'monster':
        if (value === cancelChoice(p.options.length)) return this.cancel(p.unit, out);
        return this.chooseMonster(p.unit, p.intent, p.options[value - 1]!, out);
      case 'position':
        if (value === cancelChoice(SUMMON_POSITIONS)) return this.cancel(p.unit, out);
        out.push(SEPARATOR);
        this.summon(p.unit, p.intent, p.monster, value, out);
        return null;
    }
  }

  private loadFile(file: string, out: string[], notes: string[]): void {
    const path = this.setup.describe(file);
    let text: string;
    try {
      text = this.setup.readTeamFile(file);
    } catch (error) {
      return this.invalidTeams(out, notes, `${path}: E_IO: cannot read team file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const parsed = parseTeamFile(text);
    if (!parsed.ok) return this.invalidTeams(out, notes, `${path}:${parsed.error.line}: E_TEAM: ${parsed.error.message}`);
    const checked = checkTeams(parsed.value, this.setup.catalogue);
    if (!checked.ok) return this.invalidTeams(out, notes, `${path}:${checked.error.line}: E_TEAM: ${checked.error.message}`);
    this.state = createState(checked.value);
    out.push(SEPARATOR);
    this.startRound(0);
    this.beginTurn(true, out);
  }

  private invalidTeams(out: string[], notes: string[], reason: string): void {
    out.push(INVALID_TEAM_FILE);
    notes.push(reason);
    this.asked = { kind: 'ended' };
  }

  // ---- Turn flow ----

  /** A new round for `player`: karns of its board units expire, Full Turns = living board units. */
  private startRound(player: PlayerIndex): void {
    const state = this.live;
    const team = state.teams[player];
    for (const u of team.board) {
      if (u !== null) {
        u.tetrakarn = false;
        u.makarakarn = false;
      }
    }
    state.active = player;
    state.order = roundOrder(team);
    state.full = state.order.length;
    state.blinking = 0;
  }

  private beginTurn(newRound: boolean, out: string[]): void {
    const state = this.live;
    for (;;) {
      const team = state.teams[state.active];
      if (newRound) out.push(roundHeader(team), SEPARATOR);
      pushStatus(out, state);
      const actor = state.order[0];
      if (actor === undefined) throw new InternalError(`${team.label} has turns left but no unit to act`);
      const automatic = resolveAutomaticTurn(state, actor);
      if (automatic === null) break;
      this.guard.tick(`automatic turn of ${actor.name}`);
      const next = this.finishAction(automatic, automatic.cls, out);
      if (next === 'ended') return;
      newRound = next === 'round';
    }
    this.guard.reset();
    this.openActionMenu(state.order[0]!, out);
  }

  private openActionMenu(unit: Unit, out: string[]): void {
    const actions = unit.isSamurai ? SAMURAI_ACTIONS : MONSTER_ACTIONS;
    this.open({ kind: 'action', unit, actions }, actionMenu(unit, actions), out);
  }

  /** Every Cancelar returns to the same unit's action menu, with nothing spent (course). */
  private cancel(unit: Unit, out: string[]): null {
    out.push(SEPARATOR);
    this.openActionMenu(unit, out);
    return null;
  }

  private teamOf(unit: Unit): Team {
    return this.live.teams[unit.player];
  }

  private chooseAction(unit: Unit, action: ActionId, out: string[]): string | null {
    const state = this.live;
    const own = this.teamOf(unit);
    const foe = state.teams[opponentOf(unit.player)];
    out.push(SEPARATOR);
    switch (action) {
      case 'attack':
      case 'shoot': {
        const targets = foe.livingOnBoard();
        const intent: Intent = { kind: action };
        this.open({ kind: 'target', unit, intent, targets }, targetMenu(unit, targets), out);
        return null;
      }
      case 'skill': {
        const skills = usableSkills(unit);
        this.open({ kind: 'skill', unit, skills }, skillMenu(unit, skills), out);
        return null;
      }
      case 'summon': {
        const options = own.livingReserve();
        this.open({ kind: 'monster', unit, intent: { kind: 'invoke' }, options }, monsterMenu(options), out);
        return null;
      }
      case 'pass':
        this.complete(new ActionContext(state, unit), 'pass', out);
        return null;
      case 'surrender':
        this.surrender(own, out);
        return null;
    }
  }

  private chooseSkill(unit: Unit, skill: SkillDef, out: string[]): string | null {
    const menuKind = skillMenuKind(skill);
    if (menuKind.kind === 'unsupported') return menuKind.reason;
    const own = this.teamOf(unit);
    const foe = this.live.teams[opponentOf(unit.player)];
    const intent: Intent = { kind: 'skill', skill };
    switch (menuKind.kind) {
      case 'enemy':
      case 'ally':
      case 'deadAlly': {
        out.push(SEPARATOR);
        const targets = menuKind.kind === 'enemy' ? foe.livingOnBoard() : menuKind.kind === 'ally' ? own.livingOnBoard() : deadAllies(own);
        this.open({ kind: 'target', unit, intent, targets }, targetMenu(unit, targets), out);
        return null;
      }
      case 'monster': {
        out.push(SEPARATOR);
        const options = menuKind.includeDead ? own.reserve() : own.livingReserve();
        this.open({ kind: 'monster', unit, intent, options }, monsterMenu(options), out);
        return null;
      }
      case 'autoMonster': {
        const pick = strongestInReserve(own);
        // Bad Company with no living reserve monster: nothing happens, the action menu comes back (course).
        if (pick === null) return this.cancel(unit, out);
        out.push(SEPARATOR);
        this.open({ kind: 'position', unit, intent, monster: pick }, positionMenu(own.board.slice(1)), out);
        return null;
      }
      case 'surrender':
        out.push(SEPARATOR);
        this.surrender(own, out);
        return null;
      case 'none':
        out.push(SEPARATOR);
        this.act(unit, intent, null, out);
        return null;
    }
  }

  private chooseMonster(unit: Unit, intent: Intent | { kind: 'invoke' }, monster: Unit, out: string[]): string | null {
    out.push(SEPARATOR);
    if (intent.kind === 'invoke' && !unit.isSamurai) {
      // A monster's Invocar swaps the monster in for itself: no position menu.
      this.summon(unit, intent, monster, unit.slot!, out);
      return null;
    }
    this.open({ kind: 'position', unit, intent, monster }, positionMenu(this.teamOf(unit).board.slice(1)), out);
    return null;
  }

  private summon(unit: Unit, intent: Intent | { kind: 'invoke' }, monster: Unit, slot: number, out: string[]): void {
    const ctx = new ActionContext(this.live, unit);
    if (intent.kind === 'invoke') {
      resolveSummon(ctx, monster, slot, null);
      this.complete(ctx, 'pass', out);
      return;
    }
    if (intent.kind !== 'skill') throw new InternalError(`a summon cannot come from ${intent.kind}`);
    const skill = intent.skill;
    useSkill(ctx, skill, () => resolveSummon(ctx, monster, slot, kindOf(skill).kind === 'invitation' ? skill.power : null));
    this.complete(ctx, ctx.cls, out);
  }

  /** Carries out an attack, a shot or a skill on its chosen target (null when the skill picks its own). */
  private act(unit: Unit, intent: Intent, target: Unit | null, out: string[]): void {
    const ctx = new ActionContext(this.live, unit);
    if (intent.kind === 'skill') {
      const skill = intent.skill;
      useSkill(ctx, skill, () => resolveSkill(ctx, skill, target));
    } else {
      if (target === null) throw new InternalError(`${intent.kind} needs a target`);
      resolveDamage(ctx, basicAttack(unit, intent.kind), [target]);
    }
    this.complete(ctx, ctx.cls, out);
  }

  private complete(ctx: ActionContext, cls: TurnClass, out: string[]): void {
    resolveEndOfAction(ctx);
    const next = this.finishAction(ctx, cls, out);
    if (next !== 'ended') this.beginTurn(next === 'round', out);
  }

  /**
   * The end of every action: result block, turn report, action order, removal of dead monsters, end of
   * game, next turn. Returns what comes next for the automatic-turn loop.
   */
  private finishAction(ctx: ActionContext, cls: TurnClass, out: string[]): 'turn' | 'round' | 'ended' {
    const state = this.live;
    if (ctx.events.length > 0) {
      pushEvents(out, ctx.events);
      out.push(SEPARATOR);
    }
    const cost = turnCost(state, cls);
    const paid = { ...cost, gained: cost.gained + ctx.bonusBlinking };
    out.push(...turnReport(paid), SEPARATOR);
    const left = payTurns(state, paid);
    state.full = left.full;
    state.blinking = left.blinking;

    // The head of the order (the actor, or whoever took its slot) goes to the end; the dead leave.
    const [head, ...rest] = state.order;
    state.order = head !== undefined && head.alive && head.onBoard ? [...rest, head] : rest;
    for (const team of state.teams) {
      for (const u of team.board) if (u !== null && !u.isSamurai && !u.alive) team.vacate(u);
    }
    state.order = state.order.filter((u) => u.alive && u.onBoard);

    const wiped = state.teams.map((t) => t.livingOnBoard().length === 0);
    if (wiped[0] || wiped[1]) {
      // Both wiped by one action: the acting player loses (smt-extensions 4.1).
      const loser: PlayerIndex = wiped[0] && wiped[1] ? ctx.user.player : wiped[0] ? 0 : 1;
      this.declareWinner(opponentOf(loser), out);
      return 'ended';
    }
    const roundOver = state.full + state.blinking === 0 || state.order.length === 0;
    if (roundOver) this.startRound(opponentOf(state.active));
    return roundOver ? 'round' : 'turn';
  }

  private surrender(team: Team, out: string[]): void {
    pushEvents(out, [{ kind: 'surrendered', samurai: team.samurai.name, player: team.label }]);
    out.push(SEPARATOR);
    this.declareWinner(opponentOf(team.index), out);
  }

  private declareWinner(player: PlayerIndex, out: string[]): void {
    const state = this.live;
    state.winner = player;
    out.push(winnerLine(state.teams[player]));
    this.asked = { kind: 'ended' };
  }
}

/**
 * A skill in use: its MP is paid before its effects (course: also when the user then leaves the board),
 * and the player's K goes up by one after them (rules document 7.1).
 */
function useSkill(ctx: ActionContext, skill: SkillDef, effects: () => void): void {
  ctx.user.mp -= skill.cost;
  effects();
  ctx.own.k++;
}
