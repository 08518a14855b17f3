import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for API inputs, derived from a route's own zod schema (through zod's JSON
 * Schema of its input side) and mixed with hostile values. zod-fast-check only supports zod 3, so
 * this walks the JSON Schema subset our contracts produce (ADR 019).
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

/** Text PostgreSQL or UTF-8 cannot hold, direction marks, emoji, and sizes around the limits. */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil\u202c',
  '\u200f\u200e',
  '🛠️🔧👩🏽‍🔧',
  ' ',
  '',
  '%00',
  "'; drop table assets; --",
  '<script>alert(1)</script>',
  'x'.repeat(201),
  'x'.repeat(4001),
  'x'.repeat(70_000),
  'x'.repeat(1024 * 1024),
];
export const HOSTILE_NUMBERS = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
export const HOSTILE_DATES = [
  '0000-01-01T00:00:00Z',
  '1899-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:00:00-05:00',
  '+275760-09-13T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01',
];
const WRONG_TYPES = [null, true, [], {}, [null], { nested: { deep: ['\u0000'] } }];

/** Characters that break storage or display, slipped into otherwise valid text. */
const HOSTILE_CHARACTERS = ['\u0000', '\ud800', '\udfff', '\u202e', '\u200f', '\ufeff'];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_DATES) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);

export interface ArbitraryOptions {
  /** Values for uuid strings: real ids make requests reach deeper than "not found". */
  ids: string[];
}

const EARLIEST = new Date('1900-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59.999Z');

function stringArbitrary(node: JsonSchema, options: ArbitraryOptions, name: string): fc.Arbitrary<unknown> {
  if (node.format === 'uuid') return fc.oneof(fc.constantFrom(...options.ids), fc.uuid());
  if (node.format === 'date-time' || /date$/i.test(name) || name === 'performedAt') {
    return fc.date({ min: EARLIEST, max: LATEST, noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (name === 'email') return fc.stringMatching(/^[a-z0-9.]{1,20}$/).map((local) => `${local}x@example.com`);
  if (node.pattern && node.pattern.length < 100) return fc.stringMatching(new RegExp(node.pattern));
  const minLength = node.minLength ?? 0;
  return fc.string({
    unit: 'grapheme',
    minLength,
    maxLength: Math.min(node.maxLength ?? 40, minLength + 40),
  });
}

function validArbitrary(node: JsonSchema, options: ArbitraryOptions, name: string): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alt) => validArbitrary(alt, options, name)));
  if (Array.isArray(node.type)) {
    return fc.oneof(...node.type.map((type) => validArbitrary({ ...node, type }, options, name)));
  }
  switch (node.type) {
    case 'string':
      return stringArbitrary(node, options, name);
    case 'integer':
      return fc.integer({ min: node.minimum ?? -1000, max: Math.min(node.maximum ?? 1000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: node.minimum ?? -1e6, max: node.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(node.items ?? {}, options, name), {
        maxLength: Math.min(node.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArbitrary(node, options);
    default:
      return hostileValue;
  }
}

function objectArbitrary(node: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    model[key] = validArbitrary(child, options, key);
  }
  return fc.record(model, { requiredKeys: node.required ?? [] });
}

type Path = (string | number)[];

/** Every place in a value a hostile value can go: the value itself, each key and each item, deeply. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, index]));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]));
  }
  return paths;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/**
 * A value the schema accepts, or the same with one place (anywhere, however deep) given a hostile
 * value, so the hostile value meets the rules that come after the others pass.
 */
function withOneHostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const spoiled = fc
    .tuple(valid, fc.nat(), hostileValue, fc.constantFrom(...HOSTILE_CHARACTERS))
    .map(([value, pick, hostile, character]) => {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length]!;
      const current = valueAt(value, path);
      // Text keeps its length limits and gains a hostile character; anything else is replaced.
      const replacement =
        typeof current === 'string' && pick % 2 === 0
          ? `${current.slice(0, pick % (current.length + 1))}${character}${current.slice(pick % (current.length + 1))}`
          : hostile;
      return replaceAt(value, path, replacement);
    });
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: spoiled });
}

/** An arbitrary for the input side of a zod schema, hostile values mixed in (top level included). */
export function inputArbitrary(schema: z.ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return withOneHostile(validArbitrary(json, options, ''));
}

/** A generated query object as a query string: arrays repeat their key, objects go as JSON. */
export function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
