/**
 * Reading an `--events` file (core/event-stream.ts, docs/events.md): the core's documents (the `stream`
 * header, a `state` after each step) beside a ruleset's own events, to which the core adds each one's
 * `lines`. Tests of a ruleset's own events read them as the ruleset wrote them.
 */

export interface Doc {
  readonly t: string;
  readonly [key: string]: unknown;
}

/** The core's document kinds. */
export const CORE_KINDS: readonly string[] = ['stream', 'state'];

/** A ruleset's own events as it wrote them: the core's documents left out, the `lines` the core adds removed. */
export function rulesetEvents(lines: readonly string[]): Doc[] {
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Doc)
    .filter((d) => !CORE_KINDS.includes(d.t))
    .map(({ lines: _lines, ...rest }) => rest as Doc);
}

export interface StateDoc<S = unknown> {
  readonly t: 'state';
  readonly step: number;
  readonly at: 'open' | 'input' | 'eof';
  readonly input: string | null;
  readonly error?: string;
  readonly lines: readonly [number, number] | null;
  readonly state: S | null;
}

/** The state documents of a stream. */
export const stateDocs = <S = unknown>(docs: readonly Doc[]): StateDoc<S>[] => docs.filter((d) => d.t === 'state') as unknown as StateDoc<S>[];

/** The stdout lines a document claims (1-based, inclusive). */
export function linesOf(stdout: readonly string[], lines: readonly [number, number] | null): string[] {
  return lines === null ? [] : stdout.slice(lines[0] - 1, lines[1]);
}

/**
 * What every stream promises about its log (docs/events.md), as a list of broken promises (empty: kept): the
 * header first (`v` 1, the ruleset id); state documents numbered 0, 1, ... whose line ranges follow one
 * another from line 1 to the log's last line; an input step's first line is its `INPUT:` echo when the log
 * echoes; a refused line's range shows its ERROR line (a ruleset may word it its own way: `display`); E_EOF's
 * range ends with its ERROR line; a ruleset's own event claims the lines of the step it belongs to.
 */
export function streamProblems(id: string, stdout: readonly string[], docs: readonly Doc[], ownWording = false): string[] {
  const problems: string[] = [];
  const head = docs[0];
  if (head?.t !== 'stream' || head['v'] !== 1 || head['ruleset'] !== id) problems.push(`header: ${JSON.stringify(head)}`);
  const echo = stdout.some((l) => l.startsWith('INPUT: '));
  let next = 1;
  let step = 0;
  let held: Doc[] = [];
  for (const d of docs.slice(1)) {
    if (d.t !== 'state') {
      held.push(d);
      continue;
    }
    const s = d as unknown as StateDoc;
    if (s.step !== step++) problems.push(`step ${s.step}: expected number ${step - 1}`);
    if (s.lines !== null) {
      if (s.lines[0] !== next || s.lines[1] < s.lines[0]) problems.push(`step ${s.step}: lines ${JSON.stringify(s.lines)}, expected from ${next}`);
      next = s.lines[1] + 1;
    }
    const text = linesOf(stdout, s.lines);
    if (s.at === 'input' && echo && text[0] !== `INPUT: ${s.input}`) problems.push(`step ${s.step}: first line ${JSON.stringify(text[0])}, not the echo of ${JSON.stringify(s.input)}`);
    if (s.at === 'input' && s.error !== undefined && !ownWording && !text.some((l) => l.startsWith(`ERROR ${s.error}:`))) problems.push(`step ${s.step}: refused (${s.error}) but no ERROR line in ${JSON.stringify(s.lines)}`);
    // E_EOF's line, after the line end that closes an open prompt when echo is off.
    if (s.at === 'eof' && !(text.length >= 1 && text.length <= 2 && text[text.length - 1]!.startsWith('ERROR E_EOF: '))) problems.push(`eof step: ${JSON.stringify(text)}`);
    for (const e of held) if (JSON.stringify(e['lines']) !== JSON.stringify(s.lines)) problems.push(`event ${JSON.stringify(e)}: lines of step ${s.step} are ${JSON.stringify(s.lines)}`);
    held = [];
  }
  if (held.length > 0) problems.push(`${held.length} events after the last state`);
  if (next !== stdout.length + 1) problems.push(`the states cover lines 1..${next - 1} of ${stdout.length}`);
  return problems;
}
