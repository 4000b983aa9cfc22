/**
 * A choice line. SMT's choices are menu numbers: spaces and tabs around the number are allowed; anything
 * else is E_SYNTAX, and a negative number or one outside the menu E_RANGE (smt-extensions 5).
 */
import type { Rejection } from '../../core/battle.js';
import { rejections } from './errors.js';

const CHOICE = /^\d+$/;
const NEGATIVE = /^-\d+$/;

/** The number chosen from the menu numbered `lo`..`hi`, or why the line is not one of them. */
export function readChoice(line: string, lo: number, hi: number): number | Rejection {
  // Most lines are a bare number: the trim is for the rest.
  const text = CHOICE.test(line) ? line : line.replace(/^[ \t]+|[ \t]+$/g, '');
  if (!CHOICE.test(text)) return NEGATIVE.test(text) ? rejections.range(line, lo, hi) : rejections.syntax(line, lo, hi);
  const value = Number(text);
  return value < lo || value > hi ? rejections.range(line, lo, hi) : value;
}
