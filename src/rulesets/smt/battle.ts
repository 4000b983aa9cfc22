/**
 * The SMT battle (core contract): a state machine over the course's menus. It reads a choice line as a
 * menu number (commands.ts), loads the chosen team file, leaves the game to the flow (flow.ts), and has
 * the presenter turn the events of each choice into log lines.
 */
import { choice, InternalError, type Battle, type Feed, type Pending } from '../../core/battle.js';
import type { Catalogue } from './catalogue.js';
import { readChoice } from './commands.js';
import { expectedWords, rejections, teamFileNotes } from './errors.js';
import type { MenuEvent, SmtEvent } from './events.js';
import { GameFlow } from './flow.js';
import { choiceRange, choiceTag, type Prompt } from './menus.js';
import { createState, type SmtState } from './model.js';
import { menuLines, present } from './presenter.js';
import { checkTeams, parseTeamFile } from './team-file.js';
import { smtViewState, type SmtViewState } from './view-state.js';

export interface SmtSetup {
  /** The team files offered by the file menu, in menu order. */
  readonly files: readonly string[];
  /** Reads one of them (throws an errno-style error when it cannot). */
  readonly readTeamFile: (name: string) => string;
  /** How a team file is named in diagnostics (its path). */
  readonly describe: (name: string) => string;
  readonly catalogue: Catalogue;
}

const FILE_PROMPT: Prompt = { kind: 'file' };
const ENDED: Prompt = { kind: 'ended' };

export class SmtBattle implements Battle {
  /** The game once a team file has loaded; null while the file menu is pending or after an invalid team file. */
  private game: GameFlow | null = null;
  private teamsRejected = false;
  private readonly fileMenu: MenuEvent;
  /** The events of the last choice (none after a rejected one): the view's hits and turns. */
  private lastEvents: readonly SmtEvent[] = [];

  constructor(private readonly setup: SmtSetup) {
    this.fileMenu = { kind: 'fileMenu', files: setup.files };
  }

  opening(): readonly string[] {
    return menuLines(this.fileMenu);
  }

  pending(): Pending {
    const asked = this.asked();
    const range = choiceRange(asked, this.setup.files.length);
    if (range === null) return { kind: 'ended' };
    return {
      kind: 'awaiting',
      expects: expectedWords(range[0], range[1]),
      choices: () => this.choices().map((line) => choice(line, choiceTag(asked, Number(line)))),
      // A line the core refused itself gets the menu again, as a rejected choice does.
      menu: () => this.menuShown(),
    };
  }

  /** The live state, read-only by contract: for property tests and debugging. Null before a team file loads. */
  inspect(): Readonly<SmtState> | null {
    return this.game?.state ?? null;
  }

  viewState(): SmtViewState {
    return smtViewState(this.setup.files, this.game?.state ?? null, this.asked(), this.lastEvents);
  }

  choices(): readonly string[] {
    const range = this.range();
    if (range === null) return [];
    const out: string[] = [];
    for (let n = range[0]; n <= range[1]; n++) out.push(String(n));
    return out;
  }

  step(): string {
    const p = this.asked();
    switch (p.kind) {
      case 'file': return 'file menu';
      case 'ended': return 'end of game';
      default: return `${p.kind} menu of ${p.unit.name}`;
    }
  }

  feed(line: string): Feed {
    const range = this.range();
    if (range === null) throw new InternalError('a choice was fed after the end of the game');
    this.lastEvents = [];
    const value = readChoice(line, range[0], range[1]);
    if (typeof value !== 'number') return { ok: false, error: value, lines: this.menuShown() };
    if (this.game === null) return this.loadTeams(this.setup.files[value]!);
    const chosen = this.game.choose(value);
    if (!chosen.ok) return { ok: false, error: rejections.unsupported(chosen.reason), lines: this.menuShown() };
    this.lastEvents = chosen.events;
    return { ok: true, lines: present(chosen.events) };
  }

  /** The menu the battle waits on. */
  private asked(): Prompt {
    if (this.game !== null) return this.game.prompt ?? ENDED;
    return this.teamsRejected ? ENDED : FILE_PROMPT;
  }

  /** The valid range of the pending menu, or null once the game has ended. */
  private range(): [number, number] | null {
    return choiceRange(this.asked(), this.setup.files.length);
  }

  /** The pending menu as it was shown. */
  private menuShown(): string[] {
    const menu = this.game === null ? this.fileMenu : this.game.menu;
    return menu === null ? [] : menuLines(menu);
  }

  /** The file menu's choice: a valid team file starts the game; an invalid one ends the battle, with a note why. */
  private loadTeams(file: string): Feed {
    const path = this.setup.describe(file);
    let text: string;
    try {
      text = this.setup.readTeamFile(file);
    } catch (error) {
      return this.rejectTeams(teamFileNotes.unreadable(path, (error as NodeJS.ErrnoException).code ?? 'error'));
    }
    const parsed = parseTeamFile(text);
    if (!parsed.ok) return this.rejectTeams(teamFileNotes.invalid(path, parsed.error.line, parsed.error.message));
    const checked = checkTeams(parsed.value, this.setup.catalogue);
    if (!checked.ok) return this.rejectTeams(teamFileNotes.invalid(path, checked.error.line, checked.error.message));
    this.game = new GameFlow(createState(checked.value));
    return { ok: true, lines: present(this.game.begin()) };
  }

  private rejectTeams(note: string): Feed {
    this.teamsRejected = true;
    const events: SmtEvent[] = [{ kind: 'invalidTeams' }];
    return { ok: true, lines: present(events), notes: [note] };
  }
}
