import { Column, SQL, Subquery, is, noopDecoder } from 'drizzle-orm';
import type { Db } from './client.js';

const preparedByDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query, built once per database and run as a named prepared statement: drizzle builds its
 * SQL text and field mapping once instead of on every call (about 0.3 ms of CPU for a join of two
 * wide tables), and PostgreSQL parses and plans it once per connection. Its rows are turned into
 * objects by a mapper made once for the query (`withCompiledRowMapper`). Meant for queries on the
 * database: built on a transaction, it would be kept for that transaction alone.
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = preparedByDatabase.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDatabase.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = withCompiledRowMapper(build(db, name));
    byName.set(name, query);
  }
  return query;
}

interface DriverValueDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * What drizzle's prepared query (drizzle-orm 0.45, PGlite and node-postgres alike) keeps of its
 * selection: each selected field with its path in the result (`['ride', 'id']`), the joined tables
 * that cannot be null, and a mapper of the driver's array rows used instead of its own when set.
 */
interface PreparedQueryInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** drizzle's SQL keeps its decoder in a field its types do not show. */
type WithDecoder = { decoder: DriverValueDecoder };

/** The object that turns a field's driver value into its JavaScript value, found as drizzle finds it. */
function decoderOf(field: unknown): DriverValueDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

/** A decoder that returns the driver's value as it is (text, uuid, integer columns; plain SQL). */
function isIdentity(decoder: DriverValueDecoder): boolean {
  return decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;
}

/** A field's place in the result object: nested objects by key, in the order drizzle first meets them. */
interface ResultNode {
  children: Map<string, ResultNode | number>;
}

/**
 * The source of a function turning one driver row (an array) into the result object, as one
 * object literal: `{ "ride": { "id": row[0], "departsAt": row[5] === null ? null : d[5].mapFromDriverValue(row[5]) } }`.
 * Keys are written with JSON.stringify (they come from the query's selection, never from input).
 */
function rowMapperSource(columns: readonly { path: readonly string[]; decoder: DriverValueDecoder }[]): string {
  const root: ResultNode = { children: new Map() };
  columns.forEach(({ path }, index) => {
    let node = root;
    for (const parent of path.slice(0, -1)) {
      let child = node.children.get(parent);
      if (typeof child !== 'object') {
        child = { children: new Map() };
        node.children.set(parent, child);
      }
      node = child;
    }
    node.children.set(path[path.length - 1]!, index);
  });
  const valueOf = (index: number) =>
    isIdentity(columns[index]!.decoder) ? `row[${index}]` : `(row[${index}] === null ? null : d[${index}].mapFromDriverValue(row[${index}]))`;
  const literal = (node: ResultNode): string =>
    `{ ${[...node.children].map(([key, child]) => `${JSON.stringify(key)}: ${typeof child === 'number' ? valueOf(child) : literal(child)}`).join(', ')} }`;
  return `return (row) => (${literal(root)});`;
}

/**
 * Gives a prepared select a row mapper made once, when drizzle's own (`mapResultRow`) works it
 * out again for every column of every row: which decoder a field has, through four
 * `instanceof`-like checks, and its path, through an iterator. On the ride search that was some
 * 13 % of the server's CPU (bench/README.md, "fifth look"). The mapper is generated code, one
 * object literal per row (`rowMapperSource`): every result object of a query has one shape, so
 * reading it later (the DTOs, the JSON writer) stays monomorphic, and identity decoders are not
 * called at all ("sixth look"). The objects are the same: each field's value, null or decoded, at
 * its path. Left to drizzle: a query with a join whose table may be missing (a left join), whose
 * fields drizzle turns into a null object, and any query whose internals are not the ones above
 * (a test checks they are, so an upgrade that changes them fails it rather than slowing down unseen).
 */
function withCompiledRowMapper<T>(query: T): T {
  const internals = query as PreparedQueryInternals;
  const { fields, joinsNotNullableMap } = internals;
  if (!Array.isArray(fields) || internals.customResultMapper) return query;
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNullable) => !notNullable)) return query;
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) }));
  // Generated from the query's own selection (rowMapperSource), never from input.
  const mapRow = new Function('d', rowMapperSource(columns))(columns.map(({ decoder }) => decoder)) as (row: unknown[]) => unknown;
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return query;
}
