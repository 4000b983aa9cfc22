/** Whether output may be coloured: verify's report, and a board drawn for a person at a terminal. */
import type { Io } from './io.js';

/** `--color`/`--no-color` first, then NO_COLOR, then FORCE_COLOR, then whether stdout is a terminal. */
export function useColour(io: Io, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  const set = (name: string) => io.env[name] !== undefined && io.env[name] !== '';
  if (set('NO_COLOR')) return false;
  if (set('FORCE_COLOR')) return io.env['FORCE_COLOR'] !== '0' && io.env['FORCE_COLOR'] !== 'false';
  return io.stdoutIsTTY;
}
