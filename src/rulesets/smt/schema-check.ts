/**
 * A valibot schema compiled into one straight-line function that only answers "valid or not". Loading a
 * catalogue runs it first: on a cold start valibot's generic runners are interpreted, about 8 ms for the
 * course catalogue, where this takes well under 1 ms. valibot still runs whenever the answer is no, to name
 * the issue and its path, so every message stays valibot's. Only the schema kinds the catalogue uses are
 * compiled, each with valibot's own test (read from its source, e.g. `key in input` for required keys and
 * an own-property test for unknown ones); any other kind throws, so the two cannot disagree silently, and a
 * property test checks them against each other on mutated catalogues.
 */
import type * as v from 'valibot';

interface SchemaNode {
  readonly kind: string;
  readonly type: string;
  readonly pipe?: readonly SchemaNode[];
  readonly item?: SchemaNode;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  readonly options?: readonly unknown[];
  readonly requirement?: unknown;
}

export type Check = (value: unknown) => boolean;

const compiled = new WeakMap<object, Check>();

/** `compileCheck`, once per schema. */
export function checkFor(schema: v.GenericSchema): Check {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compileCheck(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** True exactly when `v.safeParse(schema, value).success` would be. */
export function compileCheck(schema: v.GenericSchema): Check {
  const constants: unknown[] = [];
  let names = 0;
  const constant = (value: unknown) => `k[${constants.push(value) - 1}]`;
  const fresh = () => `v${++names}`;

  const emitSchema = (s: SchemaNode, x: string): string => {
    if (s.pipe === undefined) return emitType(s, x);
    // A pipe: its first item is the base schema (itself possibly a pipe), then validations in order.
    return emitSchema(s.pipe[0]!, x) + s.pipe.slice(1).map((action) => emitAction(action, x)).join('');
  };

  const emitType = (s: SchemaNode, x: string): string => {
    switch (s.type) {
      case 'number':
        return `if (typeof ${x} !== 'number' || ${x} !== ${x}) return false;`;
      case 'string':
        return `if (typeof ${x} !== 'string') return false;`;
      case 'picklist':
        return `if (!${constant(s.options)}.includes(${x})) return false;`;
      case 'array': {
        const i = fresh();
        const item = fresh();
        return `if (!Array.isArray(${x})) return false; for (let ${i} = 0; ${i} < ${x}.length; ${i}++) { const ${item} = ${x}[${i}]; ${emitSchema(s.item!, item)} }`;
      }
      case 'strict_object': {
        let code = `if (!${x} || typeof ${x} !== 'object') return false;`;
        for (const key in s.entries) {
          const entry = s.entries[key]!;
          const value = fresh();
          const k = JSON.stringify(key);
          code += `if (!(${k} in ${x})) return false; { const ${value} = ${x}[${k}]; ${emitSchema(entry, value)} }`;
        }
        const key = fresh();
        return `${code} for (const ${key} in ${x}) if (!hasOwn.call(${constant(s.entries)}, ${key})) return false;`;
      }
      default:
        throw new Error(`compileCheck: schema type '${s.type}' is not supported`);
    }
  };

  const emitAction = (a: SchemaNode, x: string): string => {
    if (a.kind === 'metadata') return '';
    switch (a.type) {
      case 'integer':
        return `if (!Number.isInteger(${x})) return false;`;
      case 'min_value':
        return `if (!(${x} >= ${constant(a.requirement)})) return false;`;
      case 'max_value':
        return `if (!(${x} <= ${constant(a.requirement)})) return false;`;
      case 'check':
        return `if (!${constant(a.requirement)}(${x})) return false;`;
      case 'regex':
        return `if (!${constant(a.requirement)}.test(${x})) return false;`;
      default:
        throw new Error(`compileCheck: pipe action '${a.type}' is not supported`);
    }
  };

  const body = emitSchema(schema as unknown as SchemaNode, 'v0');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is generated from our own schemas
  const make = new Function('k', 'hasOwn', `return function check(v0) { ${body} return true; };`) as (k: unknown[], hasOwn: typeof Object.prototype.hasOwnProperty) => Check;
  return make(constants, Object.prototype.hasOwnProperty);
}
