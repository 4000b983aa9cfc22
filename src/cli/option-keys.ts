/** The commander key of a flag: `--out-dir <d>` → `outDir` (how RulesetOptions are keyed). */
export function optionKey(flags: string): string {
  const long = /--([a-z0-9-]+)/i.exec(flags)![1]!;
  return long.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
