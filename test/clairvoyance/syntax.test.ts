/**
 * Encounter files: the lexer's longest-match rule (2.1), the grammar with its aliases (2.2, D16), E_PARSE
 * positions and expected-token lists (2.4, the spec's own example table), D19, and the canonical printer's
 * round-trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EncounterParser } from '../../src/rulesets/clairvoyance/syntax/grammar.js';
import { lexEncounter } from '../../src/rulesets/clairvoyance/syntax/lexer.js';
import { parseEncounter } from '../../src/rulesets/clairvoyance/syntax/parse.js';
import { makeEncounter } from '../../src/rulesets/clairvoyance/syntax/printer.js';
import type { Encounter } from '../../src/rulesets/clairvoyance/syntax/ast.js';
import { randomEncounter } from '../helpers/clairvoyance-gen.js';

const kinds = (text: string) => lexEncounter(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`);

function parseError(text: string): string {
  const r = parseEncounter(text);
  if (r.ok) throw new Error('expected a parse error');
  return `${r.error.at.line}:${r.error.at.column}: ${r.error.message}`;
}

/** The AST without positions (the round-trip compares meaning, not where things were written). */
function strip(e: unknown): unknown {
  if (Array.isArray(e)) return e.map(strip);
  if (e !== null && typeof e === 'object') {
    return Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'at').map(([k, v]) => [k, strip(v)]));
  }
  return e;
}

const HEAD = 'MAP {\n  Layout: Rectangle 4, 3;\n  Obstacles: ;\n}\n\n';
const PLAYER = 'PLAYER Hero { Initiative: +9 }\n';

describe('names that are properties of every object', () => {
  it('toString, valueOf, constructor and hasOwnProperty lex as plain names (a lookup in an object once found Object.prototype\'s)', () => {
    expect(kinds('toString valueOf constructor hasOwnProperty')).toEqual(['Name:toString', 'Name:valueOf', 'Name:constructor', 'Name:hasOwnProperty']);
    expect(parseError('toString')).toBe("1:1: unexpected name 'toString'; expected 'MAP'");
  });
});

describe('lexer: longest match, then the earlier row', () => {
  it('keyword-like names stay names: Attacker, MAPS, d6, x3a', () => {
    expect(kinds('Attacker MAPS d6 x3a')).toEqual(['Name:Attacker', 'Name:MAPS', 'Name:d6', 'Name:x3a']);
  });

  it('Full Attack is one token with exactly one space; Full Attacks is Full Attack then s', () => {
    expect(kinds('Full Attack')).toEqual(['Kw_FullAttack:Full Attack']);
    expect(kinds('Full Attacks')).toEqual(['Kw_FullAttack:Full Attack', 'Name:s']);
    expect(kinds('Full  Attack')).toEqual(['Name:Full', 'Kw_Attack:Attack']);
  });

  it('1d6 is one dice token, 1 d 6 is number, d, number; x3 is a multiplier; d and U alone are keywords/symbols', () => {
    expect(kinds('1d6 1 d 6 x3 d U x')).toEqual(['Dice:1d6', 'Number:1', 'D_:d', 'Number:6', 'Multiplier:x3', 'D_:d', 'Kw_U:U', 'NameX:x']);
  });

  it('comments run to the end of the line; a BOM is ignored; columns count code points', () => {
    const lexed = lexEncounter('\uFEFFMAP // x y z\n\t{');
    expect(lexed.tokens.map((t) => [t.image, t.startLine, t.startColumn])).toEqual([['MAP', 1, 1], ['{', 2, 2]]);
    expect(parseError('MAP { Layout: Rectangle 1, 1; Obstacles: ; } // é\u{1F600}\n\u{1F600}')).toBe("2:1: unexpected character '\u{1F600}'; expected 'PLAYER' or 'UNIT'");
  });

  it('names may hold digits, _ and ’ after the first letter', () => {
    expect(kinds('Heroes_1 O’Neil')).toEqual(['Name:Heroes_1', 'Name:O’Neil']);
  });
});

describe('E_PARSE (2.4): the spec example table', () => {
  it.each([
    ['missing ; after the layout', 'MAP {\n  Layout: Rectangle 4, 3\n  Obstacles: ;\n}\n', "3:3: unexpected 'Obstacles'; expected ';'"],
    ['a bad character', `${HEAD}${PLAYER}UNIT Gob { HP: 5#; }`, "7:17: unexpected character '#'; expected ';'"],
    ['initiative without sign', `${HEAD}PLAYER Hero { Initiative: 9 }`, "6:27: unexpected number '9'; expected '+' or '-'"],
    ['units then TEAM (no AI)', `${HEAD}${PLAYER}\nTEAM Good { Hero x1 : (0,0); }`, "8:1: unexpected 'TEAM'; expected 'PLAYER', 'UNIT' or 'AI'"],
    ['Full  Attack in a UNIT', `${HEAD}UNIT Gob { HP: 5; Full  Attack: Melee 1d4; }`, "6:19: unexpected name 'Full'; expected 'HP', 'Initiative', 'Speed', 'AC', 'Attack', 'Full Attack' or '}'"],
    ['empty file', '', "1:1: unexpected end of file; expected 'MAP'"],
  ])('%s', (_, text, expected) => {
    expect(parseError(text)).toBe(expected);
  });

  it('end of file is reported just after the last character (a final newline: column 1 of a new line)', () => {
    expect(parseError('MAP {')).toBe("1:6: unexpected end of file; expected 'Layout'");
    expect(parseError('MAP {\n')).toBe("2:1: unexpected end of file; expected 'Layout'");
  });

  it('lists alias forms canonically: the multiplier spellings as one entry, FullAttack as Full Attack', () => {
    expect(parseError(`${HEAD}${PLAYER}AI A { Pass; }\nTEAM T { Hero `)).toBe("8:15: unexpected end of file; expected ',' or a multiplier (xN)");
    expect(parseError(`${HEAD}UNIT Gob { HP: 5; ; }`)).toBe("6:19: unexpected ';'; expected 'HP', 'Initiative', 'Speed', 'AC', 'Attack', 'Full Attack' or '}'");
  });

  it('a complete encounter may be followed only by another team, (v2) an OUTCOME block or the end of the file', () => {
    expect(parseError(`${HEAD}${PLAYER}AI A { Pass; }\nTEAM T { Hero x1 : (0,0); }\nAI`)).toBe("9:1: unexpected 'AI'; expected 'TEAM', 'OUTCOME' or end of file");
  });

  it('the first token that cannot continue a viable prefix is the error, even deep in a condition', () => {
    // (v2) `T:N:i hp …` is a condition too.
    expect(parseError(`${HEAD}${PLAYER}AI A { if Good:Hero:1 count`)).toBe("7:23: unexpected 'count'; expected 'in' or 'hp'");
    expect(parseError(`${HEAD}${PLAYER}AI A { if Good:Hero count > = x`)).toBe("7:31: unexpected name 'x'; expected '-' or a number");
    // (v2) `self hp …` may start a condition.
    expect(parseError(`${HEAD}${PLAYER}AI A { if `)).toBe("7:11: unexpected end of file; expected 'not', 'ally', 'enemy', 'self', 'total', '(' or a name");
  });

  it('a non-printable character is written U+XXXX', () => {
    expect(parseError('MAP {\u00a0')).toBe("1:6: unexpected character 'U+00A0'; expected 'Layout'");
    expect(parseError('MAP \u0007')).toBe("1:5: unexpected character 'U+0007'; expected '{'");
  });

  it('D19: a number, dice or multiplier above 2147483647 is an error at that token', () => {
    expect(parseError(`${HEAD}UNIT Gob { HP: 99999999999; }`)).toBe("6:16: unexpected number '99999999999'; expected a number up to 2147483647");
    expect(parseError(`${HEAD}UNIT Gob { Attack: Melee 1d2147483648; }`)).toBe("6:26: unexpected dice '1d2147483648'; expected a number up to 2147483647");
    const ok = parseEncounter(`${HEAD}${PLAYER}AI A { Pass; }\nTEAM T { Hero x1 : (2147483647, 0); }`);
    expect(ok.ok).toBe(true);
  });
});

describe('grammar and aliases (D16)', () => {
  it("passes chevrotain's own grammar checks (no ambiguity, no left recursion), which the shipped parser skips at start-up", () => {
    expect(() => new EncounterParser(true)).not.toThrow();
  });

  it('FullAttack, × N, x N and Outline steps without - mean the same as the canonical forms', () => {
    const alias = parseEncounter(
      'MAP { Layout: Outline 3R 1D - 3L 1U; Obstacles: ; }\nPLAYER Hero { Initiative: +1 }\nUNIT Gob { HP: 5; Initiative: +3; Speed: 5; AC: 12; Attack: Melee +2 1d6; FullAttack: Melee +2 1d6; }\nAI A { Pass; }\nTEAM T { Hero × 1 : (0,0); Gob, A x 1 : (1,0); }\n',
    );
    const canonical = parseEncounter(
      'MAP { Layout: Outline 3R - 1D - 3L - 1U; Obstacles: ; }\nPLAYER Hero { Initiative: +1 }\nUNIT Gob { HP: 5; Initiative: +3; Speed: 5; AC: 12; Attack: Melee +2 1d6; Full Attack: Melee +2 1d6; }\nAI A { Pass; }\nTEAM T { Hero x1 : (0,0); Gob, A x1 : (1,0); }\n',
    );
    expect(alias.ok && canonical.ok).toBe(true);
    if (alias.ok && canonical.ok) expect(strip(alias.encounter)).toEqual(strip(canonical.encounter));
  });

  it('precedence: or < and < not, right-associative; + < *, left-associative (2 + 3 * 2 = 8)', () => {
    const r = parseEncounter(`${HEAD}${PLAYER}AI A { if not ally count > 1 and enemy count = 0 or total turn count < 3 then { Pass; } else { Pass; } if ally in range (2 + 3 * 2) then { Pass; } else { Pass; } }\nTEAM T { Hero x1 : (0,0); }`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [first, second] = r.encounter.ais[0]!.body as [Extract<Encounter['ais'][0]['body'][0], { kind: 'if' }>, Extract<Encounter['ais'][0]['body'][0], { kind: 'if' }>];
    expect(first.condition.kind).toBe('or');
    const or = first.condition as { left: { kind: string; left: { kind: string } } };
    expect(or.left.kind).toBe('and');
    expect(or.left.left.kind).toBe('not');
    expect(strip((second.condition as { range: unknown }).range)).toEqual({
      kind: 'add',
      left: { kind: 'number', value: 2 },
      right: { kind: 'multiply', left: { kind: 'number', value: 3 }, factor: 2 },
    });
  });
});

describe('canonical printer', () => {
  it('parseEncounter(makeEncounter(e)) = e for random encounters (positions aside)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), (seed, v2) => {
        const first = parseEncounter(randomEncounter(seed, v2).text);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        const printed = makeEncounter(first.encounter);
        const second = parseEncounter(printed);
        expect(second.ok, printed).toBe(true);
        if (second.ok) expect(strip(second.encounter)).toEqual(strip(first.encounter));
      }),
      { numRuns: 200 },
    );
  });

  it('prints parentheses only where precedence needs them', () => {
    const r = parseEncounter(`${HEAD}${PLAYER}AI A { while (ally count > 1 or enemy count > 1) and not (total turn count = 1 and ally count = 1) { Pass; } if ally in range ((1 + 2) * 3 + (Speed + 1)) then { Pass; } else { Pass; } }\nTEAM T { Hero x1 : (0,0); }`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(makeEncounter(r.encounter)).toContain(
      'AI A { while (ally count > 1 or enemy count > 1) and not (total turn count = 1 and ally count = 1) { Pass; } if ally in range ((1 + 2) * 3 + (Speed + 1)) then { Pass; } else { Pass; } }',
    );
  });
});
