/**
 * The command grammar (spec 7.1): the first word picks the command (E_COMMAND), then the token count and
 * shape are checked (E_SYNTAX). Values are not checked here: that is E_DEF or the battle checks, which come
 * after E_PHASE (7.2).
 */
import { err, type TacticsError } from './errors.js';
import { isPath, parseCoord, tokenize, type Coord } from './lexer.js';

export type Command =
  | { readonly kind: 'map'; readonly name: string; readonly w: string; readonly h: string }
  | { readonly kind: 'map-file' | 'units-file'; readonly op: 'load' | 'save'; readonly path: string }
  | { readonly kind: 'terrain'; readonly sym: string; readonly cost: string; readonly name: string }
  | { readonly kind: 'grid' }
  | { readonly kind: 'cell'; readonly at: Coord; readonly sym: string }
  | { readonly kind: 'unit'; readonly type: string; readonly attrs: readonly string[] }
  | { readonly kind: 'action'; readonly type: string; readonly name: string; readonly attrs: readonly string[] }
  | { readonly kind: 'players' | 'limit' | 'seed' | 'rounds' | 'movecost'; readonly value: string }
  | { readonly kind: 'army'; readonly player: string; readonly entries: readonly string[] }
  | { readonly kind: 'start' | 'show' | 'autoplace' | 'end' | 'concede' }
  | { readonly kind: 'place' | 'move'; readonly unit: string; readonly at: Coord }
  | { readonly kind: 'act'; readonly unit: string; readonly action: string; readonly at: Coord }
  | { readonly kind: 'reach'; readonly unit: string };

export type CommandKind = Command['kind'];

/** A parsed line: the command word in lower case (for E_PHASE and E_FILE, D33) and the command. */
export interface Parsed {
  readonly word: string;
  readonly command: Command;
}

export const USAGE: Readonly<Record<string, string>> = {
  map: 'map <name> <W> <H>',
  terrain: 'terrain <sym> <cost|x> <name>',
  grid: 'grid',
  cell: 'cell <x>,<y> <sym>',
  unit: 'unit <type> hp=<n> mp=<n>',
  action: 'action <type> <name> key=value...',
  players: 'players <2-8>',
  limit: 'limit <1-99>',
  seed: 'seed <0-4294967295>',
  rounds: 'rounds <1-9999>',
  movecost: 'movecost between|enter',
  army: 'army <player> <type>[*n]...',
  'map-file': 'map load|save <path>',
  'units-file': 'units load|save <path>',
  start: 'start',
  place: 'place <unit> <x>,<y>',
  autoplace: 'autoplace',
  move: 'move <unit> <x>,<y>',
  act: 'act <unit> <action> <x>,<y>',
  end: 'end',
  concede: 'concede',
  reach: 'reach <unit>',
  show: 'show',
};

const WORDS = new Set([
  'map', 'terrain', 'grid', 'cell', 'unit', 'action', 'players', 'limit', 'seed', 'rounds', 'movecost', 'army',
  'units', 'start', 'place', 'autoplace', 'move', 'act', 'end', 'concede', 'reach', 'show',
]);

export type ParseResult = { readonly ok: true; readonly parsed: Parsed } | { readonly ok: false; readonly error: TacticsError };

/** Parses one non-blank line; E_COMMAND for an unknown first word, E_SYNTAX for a bad shape. */
export function parseCommand(line: string): ParseResult {
  const tokens = tokenize(line);
  const first = tokens[0] ?? '';
  const word = first.toLowerCase();
  if (!WORDS.has(word)) return { ok: false, error: err.command(first) };
  const command = shape(word, tokens.slice(1));
  if (command === null) {
    const second = tokens[1]?.toLowerCase();
    const fileForm = word === 'units' || (word === 'map' && (second === 'load' || second === 'save'));
    return { ok: false, error: err.syntax(USAGE[fileForm ? `${word}-file` : word]!) };
  }
  return { ok: true, parsed: { word, command } };
}

function shape(word: string, a: readonly string[]): Command | null {
  const n = a.length;
  switch (word) {
    case 'map': {
      const op = a[0]?.toLowerCase();
      if (op === 'load' || op === 'save') return n === 2 && isPath(a[1]!) ? { kind: 'map-file', op, path: a[1]! } : null;
      return n === 3 ? { kind: 'map', name: a[0]!, w: a[1]!, h: a[2]! } : null;
    }
    case 'units': {
      const op = a[0]?.toLowerCase();
      return (op === 'load' || op === 'save') && n === 2 && isPath(a[1]!) ? { kind: 'units-file', op, path: a[1]! } : null;
    }
    case 'terrain':
      return n === 3 ? { kind: 'terrain', sym: a[0]!, cost: a[1]!, name: a[2]! } : null;
    case 'cell': {
      const at = n === 2 ? parseCoord(a[0]!) : null;
      return at === null ? null : { kind: 'cell', at, sym: a[1]! };
    }
    case 'unit':
      return n >= 1 ? { kind: 'unit', type: a[0]!, attrs: a.slice(1) } : null;
    case 'action':
      return n >= 2 ? { kind: 'action', type: a[0]!, name: a[1]!, attrs: a.slice(2) } : null;
    case 'players':
    case 'limit':
    case 'seed':
    case 'rounds':
    case 'movecost':
      return n === 1 ? { kind: word, value: a[0]! } : null;
    case 'army':
      return n >= 2 ? { kind: 'army', player: a[0]!, entries: a.slice(1) } : null;
    case 'grid':
    case 'start':
    case 'show':
    case 'autoplace':
    case 'end':
    case 'concede':
      return n === 0 ? { kind: word } : null;
    case 'place':
    case 'move': {
      const at = n === 2 ? parseCoord(a[1]!) : null;
      return at === null ? null : { kind: word, unit: a[0]!, at };
    }
    case 'act': {
      const at = n === 3 ? parseCoord(a[2]!) : null;
      return at === null ? null : { kind: 'act', unit: a[0]!, action: a[1]!, at };
    }
    case 'reach':
      return n === 1 ? { kind: 'reach', unit: a[0]! } : null;
    default:
      return null;
  }
}

export type Phase = 'setup' | 'placement' | 'battle';

/** Where the input stream accepts each command (7.1); `seed` is never accepted there (D26, D31). */
export function allowedInPhase(command: Command, phase: Phase): boolean {
  switch (command.kind) {
    case 'show':
      return true;
    case 'seed':
      return false;
    case 'map-file':
    case 'units-file':
      return command.op === 'save' || phase === 'setup';
    case 'place':
    case 'autoplace':
      return phase === 'placement';
    case 'move':
    case 'act':
    case 'end':
    case 'concede':
    case 'reach':
      return phase === 'battle';
    default:
      return phase === 'setup';
  }
}

export type FileKind = 'setup' | 'map' | 'units';

/** What each kind of file may hold (3.1-3.3, D25): the file acts as the phase (D32). */
export function allowedInFile(command: Command, file: FileKind): boolean {
  switch (file) {
    case 'map':
      return command.kind === 'map' || command.kind === 'terrain' || command.kind === 'grid' || command.kind === 'cell';
    case 'units':
      return command.kind === 'unit' || command.kind === 'action';
    case 'setup':
      return command.kind === 'seed' || (command.kind !== 'start' && command.kind !== 'show' && allowedInPhase(command, 'setup'));
  }
}
