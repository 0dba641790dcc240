import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../db/schema.js';

/*
 * Who may write which table: every table of db/schema.ts belongs to one module folder of
 * src/modules, and only that module's files write it (docs/decisions/seat-inventory-and-module-shape.md).
 * Another module reads it as it likes, and puts the owner's exported SQL fragments into a
 * statement of its own where one statement must do several modules' writes (the booking); the
 * text that writes a table still lives in its owner's files. Checked by table-owners.test.ts.
 */

/** The module folder (under src/modules) that owns each table, by the table's SQL name. */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  audit_log: 'audit',
  blocks: 'blocks',
  bookings: 'bookings',
  chat_digests: 'delivery',
  conversations: 'direct-messages',
  dev_mailbox: 'delivery',
  email_sign_in_codes: 'auth',
  direct_messages: 'direct-messages',
  feedback: 'feedback',
  files: 'files',
  job_runs: 'jobs',
  notification_outbox: 'delivery',
  notification_preferences: 'delivery',
  notifications: 'notifications',
  oidc_sign_ins: 'auth',
  push_subscriptions: 'push',
  region_colleges: 'regions',
  region_moderators: 'regions',
  region_places: 'regions',
  regions: 'regions',
  reports: 'reports',
  reviews: 'reviews',
  ride_messages: 'ride-messages',
  ride_requests: 'ride-requests',
  ride_segments: 'rides',
  ride_series: 'rides',
  rides: 'rides',
  sessions: 'auth',
  subscriptions: 'subscriptions',
  users: 'users',
  verification_submissions: 'verification',
  waitlist_entries: 'waitlist',
};

/**
 * The seat columns of rides, inside the rides module: only the seat inventory changes them, so
 * every statement that takes or frees seats and suitcases is written in that one file (its
 * fragments may be put into other rides statements, as the cancellation and the edit do).
 */
const SEAT_COLUMNS = {
  owner: 'modules/rides/seat-inventory.ts',
  columns: ['leg_seats', 'leg_suitcases', 'total_seats', 'total_suitcases'],
  properties: ['legSeats', 'legSuitcases', 'totalSeats', 'totalSuitcases'],
} as const;

/** The SQL name of each table export of db/schema.ts, by its export name. */
export const SCHEMA_TABLES: ReadonlyMap<string, string> = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);

export interface TableWrite {
  /** The source file, relative to src (`modules/bookings/bookings.repository.ts`). */
  file: string;
  line: number;
  /** `rides`, or `rides.leg_seats` for a write of a seat column. */
  table: string;
  how: string;
}

/** The module folder a source file belongs to; null outside src/modules (which owns no table). */
function moduleOf(file: string): string | null {
  return /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const SEAT_ASSIGNMENT = new RegExp(`\\b(${SEAT_COLUMNS.columns.join('|')})\\s*=(?!=)`, 'gi');

/** The table writes of one source file: drizzle's insert/update/delete of a schema table, and SQL text that inserts, updates or deletes a table. */
function findTableWrites(file: string, text: string): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  // The schema's tables as this file names them (`import { rides as r } from '../../db/schema.js'`).
  const tables = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema(\.js)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const table = SCHEMA_TABLES.get((element.propertyName ?? element.name).text);
      if (table) tables.set(element.name.text, table);
    }
  }

  // SQL text with each `${table}` read as the table's name; SQL comments dropped.
  const sqlText = (node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral | ts.StringLiteral) => {
    if (!ts.isTemplateExpression(node)) return node.text;
    let joined = node.head.text;
    for (const span of node.templateSpans) {
      const table = ts.isIdentifier(span.expression) ? tables.get(span.expression.text) : undefined;
      joined += ` ${table ?? '$expr'} ${span.literal.text}`;
    }
    return joined;
  };
  const scanSql = (node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral | ts.StringLiteral) => {
    const text = sqlText(node).replace(/--[^\n]*/g, '');
    for (const match of text.matchAll(SQL_WRITE)) {
      const table = match[2]!.toLowerCase();
      if (table in TABLE_OWNERS) writes.push({ file, line: lineOf(node), table, how: `${match[1]!.toLowerCase().replace(/\s+/g, ' ')} ${table}` });
    }
    for (const match of text.matchAll(SEAT_ASSIGNMENT)) {
      writes.push({ file, line: lineOf(node), table: `rides.${match[1]!.toLowerCase()}`, how: `${match[1]} = ...` });
    }
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if ((method === 'insert' || method === 'update' || method === 'delete') && first && ts.isIdentifier(first) && tables.has(first.text)) {
        writes.push({ file, line: lineOf(node), table: tables.get(first.text)!, how: `.${method}(${first.text})` });
      }
      if (method === 'set' && first && ts.isObjectLiteralExpression(first)) {
        for (const property of first.properties) {
          const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
          const index = name === undefined ? -1 : (SEAT_COLUMNS.properties as readonly string[]).indexOf(name);
          if (index >= 0) writes.push({ file, line: lineOf(property), table: `rides.${SEAT_COLUMNS.columns[index]}`, how: `.set({ ${name} })` });
        }
      }
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) scanSql(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** The writes of a file that its module may not make: another module's table, or a seat column outside the seat inventory. */
export function foreignTableWrites(file: string, text: string): TableWrite[] {
  const module = moduleOf(file);
  return findTableWrites(file, text).filter((write) =>
    write.table.startsWith('rides.') ? file !== SEAT_COLUMNS.owner : TABLE_OWNERS[write.table] !== module,
  );
}
