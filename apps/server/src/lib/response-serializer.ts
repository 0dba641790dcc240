import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;

/** zod's own way: encode through the schema (unknown keys dropped, every type checked), then JSON.stringify. */
function zodStringify(schema: ZodType, method: string, url: string): Stringify {
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Keywords whose value maps names to schemas, and keywords whose value is a schema or a list of them. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_SLOTS = new Set(['items', 'prefixItems', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else']);
/** A branch with any of these is more than one plain type. */
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref', 'not', 'if'];

/**
 * The schema with every `anyOf: [X, {type: 'null'}]` (zod's nullable, for a value with a format,
 * a pattern, an enum or properties) written as X with `nullable: true`. fast-json-stringify writes
 * an anyOf by validating the value against each branch at run time (ajv: the uuid and date-time
 * patterns of every nullable id and date, the whole driver object of every ride); `nullable` is a
 * test for null. The JSON written is the same. Other unions are left as they are.
 */
export function nullableInsteadOfAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInsteadOfAnyOf);
  if (!isSchema(schema)) return schema;
  const rewritten: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(keyword) && isSchema(value)) {
      rewritten[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, nullableInsteadOfAnyOf(sub)]));
    } else {
      rewritten[keyword] = SCHEMA_SLOTS.has(keyword) ? nullableInsteadOfAnyOf(value) : value;
    }
  }
  const { anyOf: branches, ...siblings } = rewritten;
  if (!Array.isArray(branches) || branches.length !== 2) return rewritten;
  const nullAt = branches.findIndex((branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
  const other: unknown = branches[1 - nullAt];
  const plain =
    nullAt !== -1 &&
    isSchema(other) &&
    typeof other.type === 'string' &&
    other.type !== 'null' &&
    other.nullable === undefined &&
    !COMBINATORS.some((keyword) => keyword in other) &&
    // Lifted to the property, a default would be written for a missing value, and a const would
    // refuse null where fast-json-stringify still validates (a union left as it is).
    !('default' in other) &&
    !('const' in other) &&
    !Object.keys(siblings).some((keyword) => keyword in other);
  if (!plain) return rewritten;
  // An enum says its values: null is one of them now, for a validation inside a union left as it is.
  const values = Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {};
  return { ...siblings, ...other, ...values, nullable: true };
}

/**
 * fast-json-stringify compiled from the schema's JSON Schema, or null when the schema holds what
 * JSON Schema cannot say (a transform); those responses keep zod's way.
 */
function compiledStringify(schema: ZodType): Stringify | null {
  let jsonSchema;
  try {
    jsonSchema = toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  } catch {
    return null;
  }
  return fastJson(nullableInsteadOfAnyOf(jsonSchema) as Parameters<typeof fastJson>[0]) as Stringify;
}

/**
 * How responses become JSON (docs/decisions/response-serialization.md). Encoding a ride list
 * through its zod schema cost about three times JSON.stringify (a 20-ride search answer: 450 us
 * against 150), on every search. Responses are written by fast-json-stringify compiled from the
 * same zod schema (turned into JSON Schema): as fast as JSON.stringify, and like zod it writes only
 * the schema's properties. Each route's serializer is compiled on its first response, not at start-up.
 *
 * With `checkAgainstZod` (everywhere but production, so every test), each response is also encoded
 * by zod: a response that breaks its schema fails as before (500, logged), and one whose two JSON
 * texts differ in meaning fails too, so the whole test suite shows the fast writer says what zod says.
 */
export function responseSerializerCompiler(options: { checkAgainstZod: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    const checked = zodStringify(schema, method, url);
    let fast: Stringify | null | undefined;
    return (data: unknown) => {
      fast ??= compiledStringify(schema);
      if (!fast) return checked(data);
      if (!options.checkAgainstZod) return fast(data);
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled response writer disagrees with zod\n  zod:      ${expected}\n  compiled: ${written}`);
      }
      return written;
    };
  };
}
