/**
 * Kinds (índoles, spec §1) and the protections' wildcard `*` (§9.3). A kind set on a protection is either
 * the wildcard or a written list; a skill's kinds are always a written list (possibly empty, D54).
 */

export const KINDS = ['fis', 'ign', 'gel', 'ene', 'ele', 'men', 'son', 'tem', 'mis', 'alma'] as const;
export type Kind = (typeof KINDS)[number];

/** A protection's kinds: `*` or the kinds as written (lower case, in written order). */
export type KindSet = { readonly wild: true } | { readonly wild: false; readonly kinds: readonly Kind[] };

export type Protection = 'pdef' | 'red' | 'imm';

/** What `*` covers for each protection (§9.3): a named kind always counts. */
const WILDCARD: Record<Protection, readonly Kind[]> = {
  pdef: ['fis', 'ign', 'gel', 'ene', 'ele', 'son'],
  red: ['fis', 'ign', 'gel', 'ene', 'ele', 'men', 'tem'],
  imm: ['fis', 'ign', 'gel', 'ene', 'ele', 'tem'],
};

export function isKind(word: string): word is Kind {
  return (KINDS as readonly string[]).includes(word);
}

/** `k+k+…` with known kinds and no repeats, case-insensitive; null when malformed. */
export function parseKindList(text: string): Kind[] | null {
  if (text === '') return null;
  const out: Kind[] = [];
  for (const part of text.split('+')) {
    const word = part.toLowerCase();
    if (!isKind(word) || out.includes(word)) return null;
    out.push(word);
  }
  return out;
}

/** A protection's kinds: `*` or a kind list. */
export function parseKindSet(text: string): KindSet | null {
  if (text === '*') return { wild: true };
  const kinds = parseKindList(text);
  return kinds === null ? null : { wild: false, kinds };
}

export function formatKinds(kinds: readonly Kind[]): string {
  return kinds.length === 0 ? '-' : kinds.join('+');
}

export function formatKindSet(set: KindSet): string {
  return set.wild ? '*' : formatKinds(set.kinds);
}

export function covers(set: KindSet, kind: Kind, protection: Protection): boolean {
  return set.wild ? WILDCARD[protection].includes(kind) : set.kinds.includes(kind);
}

/** How many of the hit's kinds the protection covers (the c of §9.1). */
export function coveredCount(set: KindSet, hitKinds: readonly Kind[], protection: Protection): number {
  let c = 0;
  for (const kind of hitKinds) if (covers(set, kind, protection)) c++;
  return c;
}
