/** A ruleset's options as commander options and back: the helpers every generic command shares. */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { OptionCommand, OptionSpec, RulesetMeta, RulesetOptions } from '../core/ruleset.js';
import { UsageError } from './io.js';
import { optionKey } from './option-keys.js';

/** Where an action leaves its exit code (commander actions return nothing). */
export interface Outcome {
  code: number;
}

/** A repeatable option (`--input a --input b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `--seed N`: decimal digits, 0..4294967295 (CONVENTIONS). */
export function parseSeed(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 0xffffffff) throw new InvalidArgumentError('expected a whole number from 0 to 4294967295');
  return Number(value);
}

export function offered(spec: OptionSpec, command: OptionCommand): boolean {
  return (spec.on ?? ['play', 'record']).includes(command);
}

export function addRulesetOptions(cmd: Command, meta: RulesetMeta, command: OptionCommand): void {
  for (const spec of meta.options) {
    if (!offered(spec, command)) continue;
    const option = new Option(spec.flags, spec.help);
    if (spec.choices !== undefined) option.choices([...spec.choices]);
    cmd.addOption(option);
  }
}

export function setupArgument(cmd: Command, meta: RulesetMeta, command: 'play' | 'record'): void {
  const slot = meta.setup;
  // record's positional slot also takes case folders, so it is always optional and variadic there.
  if (command === 'record') {
    cmd.argument('[paths...]', slot.kind === 'none' ? 'case folders (with args.txt and commands.txt)' : `the ${slot.name} (with --out), or case folders`);
    return;
  }
  if (slot.kind === 'file') cmd.argument(slot.optional ? `[${slot.name}]` : `<${slot.name}>`, `the ${slot.name}`);
  else if (slot.kind === 'files') cmd.argument(`<${slot.name}...>`, `one or more ${slot.name}s, loaded in the order given`);
}

export function examples(lines: readonly string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ arbiter ${l}`).join('\n')}`;
}

/** The ruleset's own option values, by key, from commander's parsed options. */
export function rulesetOptions(meta: RulesetMeta, parsed: Record<string, unknown>, command: OptionCommand): RulesetOptions {
  const out: Record<string, string | boolean | undefined> = {};
  for (const spec of meta.options) {
    if (!offered(spec, command)) continue;
    const key = optionKey(spec.flags);
    const value = parsed[key];
    out[key] = typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
  }
  return out;
}

/** Required and mutually exclusive options: usage errors, found before anything is loaded. */
export function checkOptions(meta: RulesetMeta, options: RulesetOptions, seed: number | undefined, command: OptionCommand): void {
  const given = (key: string) => (key === 'seed' ? seed !== undefined : options[key] !== undefined);
  for (const spec of meta.options) {
    const key = optionKey(spec.flags);
    if (command !== 'verify' && spec.requiredToPlay === true && !given(key)) throw new UsageError(`required option '${spec.flags}' not specified`);
    for (const other of spec.excludes ?? []) {
      if (given(key) && given(other)) throw new UsageError(`--${optionKey(spec.flags).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} and --${other} exclude each other`);
    }
  }
}

export function setupArgs(meta: RulesetMeta, positional: unknown): string[] {
  if (meta.setup.kind === 'none') return [];
  if (Array.isArray(positional)) return positional as string[];
  return typeof positional === 'string' ? [positional] : [];
}

