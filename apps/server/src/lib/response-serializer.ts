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
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Stringify;
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
