/** The command language (§12-13) and E_SYNTAX forms (D42): normalization, keywords in any case, every form. */
import { describe, expect, it } from 'vitest';
import { normalize, parseCommand } from '../../src/rulesets/marvel/commands.js';

const form = (line: string) => {
  const p = parseCommand(line);
  return p.ok ? 'ok' : p.form;
};

describe('normalization (§2)', () => {
  it('trims and collapses runs of spaces and tabs, free text included', () => {
    expect(normalize('  equip Cap \t a   big\t\tshield  ')).toBe('equip Cap a big shield');
    const p = parseCommand('ref  note  a # b');
    expect(p.ok && p.cmd.v === 'ref' && p.cmd.args).toBe('note a # b');
  });
});

describe('E_SYNTAX forms (D42)', () => {
  it.each([
    ['hello', 'a command'],
    ['', 'a command'],
    ['start', 'start challenge <X> <Y> or start attack <X> [skill] <S> on <T1> [<T2>]'],
    ['start duel A B', 'start challenge <X> <Y> or start attack <X> [skill] <S> on <T1> [<T2>]'],
    ['START CHALLENGE x', 'start challenge <X> <Y>'],
    ['start attack X S on', 'start attack <X> [skill] <S> on <T1> [<T2>]'],
    ['start attack X skill on T', 'start attack <X> [skill] <S> on <T1> [<T2>]'],
    ['begin now', 'begin'],
    ['equip Cap', 'equip <X> <text...>'],
    ['use Cap', 'use <X> [skill] <S> [on <T>...]'],
    ['use Cap skill', 'use <X> [skill] <S> [on <T>...]'],
    ['use Cap S T', 'use <X> [skill] <S> [on <T>...]'],
    ['use Cap S on for', 'use <X> [skill] <S> [on <T>...]'],
    ['pass a b', 'pass [<X>]'],
    ['interfere Y S T', 'interfere <Y> [skill] <S>'],
    ['react R', 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange]'],
    ['react R defence', 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange]'],
    ['react R S norange for T', 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange]'],
    ['take', 'take <T>'],
    ['join X A', 'join <X> <A|B> [skill] <S>'],
    ['flee', 'flee <X>'],
    ['yield a b', 'yield <X>'],
    ['status now', 'status'],
    ['ref', 'a ref command'],
    ['ref constructor', 'a ref command'],
    ['ref undo now', 'ref undo'],
    ['ref timeout 1', 'ref timeout'],
    ['ref defeat', 'ref defeat <X>'],
    ['ref vit X 1.5', 'ref vit <X> <+n|-n>'],
    ['ref vit X +10000001', 'ref vit <X> <+n|-n>'],
    ['ref pa X', 'ref pa <X> <+n|-n>'],
    ['ref mod X dmg:+1%:1r', 'ref mod <X> <chan>:<value>[/<kinds>]:<dur> src=<own|enemy>'],
    ['ref mod X red:-10%/*:1r src=enemy', 'ref mod <X> <chan>:<value>[/<kinds>]:<dur> src=<own|enemy>'],
    ['ref mod X dmg:+1%:1r:self src=own', 'ref mod <X> <chan>:<value>[/<kinds>]:<dur> src=<own|enemy>'],
    ['ref unmod X #', 'ref unmod <X> <id>'],
    ['ref dot X V 1 100', 'ref dot <X> <Type> <amount> <ticks> [<kinds>]'],
    ['ref dot X V 1 2 *', 'ref dot <X> <Type> <amount> <ticks> [<kinds>]'],
    ['ref undot X', 'ref undot <X> <Type>'],
    ['ref status X -A 2r', 'ref status <X> +<Name> <dur> or ref status <X> -<Name>'],
    ['ref status X +A next', 'ref status <X> +<Name> <dur> or ref status <X> -<Name>'],
    ['ref quiet now', 'ref quiet reset'],
    ['ref withdraw A', 'ref withdraw [winner <A|B>]'],
    ['ref end', 'ref end <draw|A|B>'],
    ['ref end A B', 'ref end <draw|A|B>'],
    ['ref note', 'ref note <text...>'],
  ])('%j', (line, expected) => {
    expect(form(line)).toBe(expected);
  });

  it.each([
    'START CHALLENGE Cap RedSkull',
    'Start Attack Cap SKILL Blast On A1 B1',
    'use Cap Blast',
    'USE Cap skill Blast ON T1 T2 T3',
    'pass',
    'Pass Cap',
    'react R DEFENCE S FOR T NORANGE',
    'react R S norange',
    'join X b SKILL S',
    'ref mod X stat.VEL:-1:2R SRC=ENEMY',
    'ref mod X imm:total/*:perm src=own',
    'ref unmod X #12',
    'ref dot X V 0 1 fis+ENE',
    'ref status X +Dazed PERM',
    'ref status X -Dazed',
    'ref withdraw WINNER b',
    'ref end draw',
    'REF QUIET RESET',
  ])('accepts %j', (line) => {
    expect(form(line)).toBe('ok');
  });
});
