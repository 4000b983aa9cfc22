/** Units files with many types, for units-scale.test.ts and its stress twin. */

/** `n` types in a scattered order, each with one action, and a redefinition of the first type at the end. */
export function manyTypes(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `t${((i * 7919) % n).toString(36)}`;
    lines.push(`unit ${name} hp=5 mp=3`, `action ${name} hit range=1 pattern=linear ext=1 damage=2`);
  }
  lines.push('unit t0 hp=9 mp=1');
  return lines.join('\n') + '\n';
}
