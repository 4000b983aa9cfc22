/**
 * verify's report for CI systems: JUnit XML (one test case per case, its failure message the first
 * difference) and TAP version 13. The table and JSON forms are in verify-report.ts.
 */
import type { Failure, VerifyReport } from './verify-report.js';

/** The one-line message of a failure, as the table's FAIL line says it. */
export function failureMessage(f: Failure): string {
  return f.program === undefined ? firstDifferenceMessage(f) : `${firstDifferenceMessage(f)}; program: ${f.program}`;
}

function firstDifferenceMessage(f: Failure): string {
  if (f.stream === 'exit') return `exit code: expected ${f.expected}, actual ${f.actual}`;
  if (f.error !== null || f.line === null) return f.error ?? 'could not be replayed';
  const show = (s: string | null) => (s === null ? '<end of log>' : s);
  return `${f.stream ?? 'stdout'} line ${f.line}: expected: ${show(f.expected)} / actual: ${show(f.actual)}`;
}

function xml(text: string): string {
  // XML 1.0 cannot carry most control characters even escaped: they are written as \xNN.
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The context block of a failure, as plain text (JUnit's failure body, TAP's YAML block). */
function contextText(f: Failure): string[] {
  if (f.context === null) return [];
  const block = (label: string, lines: readonly string[]) => [`${label}:`, ...lines.map((t, i) => `${String(f.context!.from + i).padStart(6)} | ${t}`)];
  return [...block('expected', f.context.expected), ...block('actual', f.context.actual)];
}

export function junitReport(report: VerifyReport, results: readonly { file: string; ms: number }[]): string {
  const failures = new Map(report.failures.map((f) => [f.file, f]));
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="arbiter ${xml(report.ruleset)} verify" tests="${report.total}" failures="${report.failed}" time="${(report.ms / 1000).toFixed(3)}">`);
  const byFolder = new Map<string, { file: string; ms: number }[]>();
  for (const r of results) {
    const folder = r.file.includes('/') ? r.file.slice(0, r.file.lastIndexOf('/')) : '.';
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), r]);
  }
  for (const [folder, cases] of byFolder) {
    const failed = cases.filter((c) => failures.has(c.file)).length;
    const time = cases.reduce((a, c) => a + c.ms, 0) / 1000;
    out.push(`  <testsuite name="${xml(folder)}" tests="${cases.length}" failures="${failed}" time="${time.toFixed(3)}">`);
    for (const c of cases) {
      const name = c.file.slice(folder.length + 1) || c.file;
      const f = failures.get(c.file);
      const head = `    <testcase classname="${xml(folder)}" name="${xml(name)}" time="${(c.ms / 1000).toFixed(3)}"`;
      if (f === undefined) {
        out.push(`${head}/>`);
        continue;
      }
      out.push(`${head}>`);
      out.push(`      <failure message="${xml(failureMessage(f))}">${xml(contextText(f).join('\n'))}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

export function tapReport(report: VerifyReport, results: readonly { file: string }[]): string {
  const failures = new Map(report.failures.map((f) => [f.file, f]));
  const out = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    const f = failures.get(r.file);
    // A `#` in a description would start a TAP directive.
    const name = r.file.replace(/#/g, '\\#');
    if (f === undefined) {
      out.push(`ok ${i + 1} - ${name}`);
      return;
    }
    out.push(`not ok ${i + 1} - ${name}`, '  ---', `  message: ${JSON.stringify(failureMessage(f))}`);
    const context = contextText(f);
    if (context.length > 0) out.push('  context: |', ...context.map((l) => `    ${l}`));
    out.push('  ...');
  });
  return out.join('\n') + '\n';
}
