/**
 * Milliseconds of wall time for verify's time column and progress bar. process.hrtime, not `performance`:
 * the first use of `performance` loads perf_hooks, about 1 ms of every verify's start.
 */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Milliseconds since `started` (a nowMs() reading), to a tenth: a case's time in verify's reports. */
export function msSince(started: number): number {
  return Math.round((nowMs() - started) * 10) / 10;
}
