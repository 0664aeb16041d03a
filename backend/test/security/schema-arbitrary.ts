import fc from 'fast-check';
import { z } from 'zod';

/** Text that breaks naive handling: lone surrogates, NUL, bidi overrides, emoji, combining marks, zero-width joiners. */
export const UNICODE_EDGE_CASES = [
  '\ud800',
  'lone \udfff low',
  'nul\u0000byte',
  'rtl \u202egnp.exe',
  '\u2066isolate\u2069',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̸̧̛̖͖̲̈́̽a̵̡̢͔̓l̶̰͊g̷̱̈́o̸͙̓',
  'e\u0301\u0301\u0301',
  '\ufeffbom',
  '\u200b\u200c\u200d',
  '\uffff\ufffe',
  '𝕳𝖊𝖑𝖑𝖔',
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

function text(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  if (/email/i.test(key)) return fc.oneof(fc.emailAddress(), fc.string({ maxLength: 40 }));
  if (schema.format === 'uri') return fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 }));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? Infinity));
  const minLength = schema.minLength ?? 0;
  // Lengths stay modest (the limits themselves are attacked separately), except now and then at the limit.
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom(...UNICODE_EDGE_CASES) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength ?? 100)) },
  );
}

function integer(schema: JsonSchema, smallIds: [number, number]): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? Number.MIN_SAFE_INTEGER);
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  // Mostly ids that exist (so the write path runs), sometimes anything the schema allows.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(min, smallIds[0]), max: Math.min(max, smallIds[1]) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function fromJsonSchema(schema: JsonSchema, key: string, smallIds: [number, number]): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fromJsonSchema(option, key, smallIds)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, fromJsonSchema(property, name, smallIds)]));
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    case 'string':
      return text(schema, key);
    case 'integer':
      return integer(schema, smallIds);
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(schema.items ?? {}, key, smallIds), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    default:
      // The schema takes anything here (a transform such as the blog id's): ids, digit strings and junk.
      return fc.oneof(integer({}, smallIds), integer({}, smallIds).map(String), fc.jsonValue());
  }
}

/** Bodies shaped like the contract's input: right fields and types, values anywhere in and around the limits. */
export function validShaped(schema: z.ZodType, smallIds: [number, number]): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, '', smallIds);
}

/** Bodies of the wrong shape: any JSON at all, or a valid-shaped body with one field of another type. */
export function invalidShaped(schema: z.ZodType, smallIds: [number, number]): fc.Arbitrary<unknown> {
  const wrongField = fc.tuple(validShaped(schema, smallIds), fc.jsonValue(), fc.nat()).map(([body, junk, pick]) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return junk;
    const keys = Object.keys(body);
    return keys.length === 0 ? junk : { ...body, [keys[pick % keys.length]!]: junk };
  });
  return fc.oneof(fc.jsonValue(), wrongField, fc.object());
}
