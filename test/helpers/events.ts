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
