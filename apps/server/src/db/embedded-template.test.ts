import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './client.js';
import { readTar, TemplateError, unpackEmbeddedTemplate, writeEmbeddedTemplate } from './embedded-template.js';
import { users } from './schema.js';

/** The first row of a query on either driver. */
async function firstRow<Row>(database: Database, query: SQL): Promise<Row> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}

interface Journal {
  entries: { tag: string; when: number }[];
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;

/** A one-entry ustar archive, with a correct header checksum unless told otherwise. */
function tarOf(name: string, content: string, options: { type?: string; breakChecksum?: boolean } = {}): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  header.write(`${Buffer.byteLength(content).toString(8).padStart(11, '0')}\0`, 124);
  header.write(options.type ?? '0', 156);
  header.write('ustar\u000000', 257);
  header.fill(32, 148, 156);
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(`${(checksum + (options.breakChecksum ? 1 : 0)).toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(content) / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body, Buffer.alloc(1024)]);
}

describe('the embedded database template', () => {
  let parent: string;
  /** Made like the build's, from every migration but the last. */
  let olderTemplate: string;
  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'carpool-template-'));
    const olderMigrations = path.join(parent, 'older-migrations');
    cpSync(MIGRATIONS_FOLDER, olderMigrations, { recursive: true });
    writeFileSync(
      path.join(olderMigrations, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    olderTemplate = path.join(parent, 'older-template.tar.gz');
    await writeEmbeddedTemplate(olderTemplate, olderMigrations);
  }, 120_000);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('makes a new folder that opens, gets the migrations newer than the template, and keeps its data', async () => {
    const dir = path.join(parent, 'new', 'pg');
    const first = await openDatabase({ databaseUrl: null, pgliteDir: dir, embedded: { template: olderTemplate } });
    const countApplied = sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
    expect((await firstRow<{ count: number }>(first, countApplied)).count).toBe(journal.entries.length - 1);
    await first.migrate();
    expect((await firstRow<{ count: number }>(first, countApplied)).count).toBe(journal.entries.length);
    // The last migration (weekly rides) made this table.
    expect((await firstRow<{ name: string | null }>(first, sql`select to_regclass('public.ride_series')::text as name`)).name).toBe('ride_series');
    await first.db.insert(users).values({ issuer: 'test', subject: 'kept', email: 'kept@cornell.edu', name: 'Kept', college: 'cornell' });
    await first.close();
    // Nothing of the unpacking is left beside the folder.
    expect(readdirSync(path.dirname(dir)).sort()).toEqual(['pg']);

    const again = await openDatabase({ databaseUrl: null, pgliteDir: dir, embedded: { template: olderTemplate } });
    await again.migrate();
    const rows = await again.db.select({ name: users.name }).from(users);
    await again.close();
    expect(rows).toEqual([{ name: 'Kept' }]);
  }, 120_000);

  it('replaces an empty folder, and refuses one that holds files but no database, naming it', async () => {
    const empty = path.join(parent, 'empty', 'pg');
    mkdirSync(empty, { recursive: true });
    const database = await openDatabase({ databaseUrl: null, pgliteDir: empty, embedded: { template: olderTemplate } });
    await database.close();
    expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);

    const cluttered = path.join(parent, 'cluttered', 'pg');
    mkdirSync(cluttered, { recursive: true });
    writeFileSync(path.join(cluttered, 'notes.txt'), 'not a database');
    await expect(openDatabase({ databaseUrl: null, pgliteDir: cluttered, embedded: { template: olderTemplate } })).rejects.toThrow(
      `${cluttered} holds files but no database`,
    );
    expect(readdirSync(cluttered)).toEqual(['notes.txt']);
    // The lock is released: a second attempt gets the same message, not "in use".
    await expect(openDatabase({ databaseUrl: null, pgliteDir: cluttered, embedded: { template: olderTemplate } })).rejects.toThrow('holds files');
  }, 60_000);

  it('uses the template when there is one: a damaged template fails the start and leaves no folder', async () => {
    const damaged = path.join(parent, 'damaged.tar.gz');
    writeFileSync(damaged, gzipSync(tarOf('PG_VERSION', '17\n', { breakChecksum: true })));
    const dir = path.join(parent, 'from-damaged', 'pg');
    await expect(openDatabase({ databaseUrl: null, pgliteDir: dir, embedded: { template: damaged } })).rejects.toThrow(TemplateError);
    expect(readdirSync(path.dirname(dir))).toEqual([]);
  });

  it('opens a folder made by the previous release (initdb and migrations, PostgreSQL default settings) with its data', async () => {
    // As the previous release's create-pglite-folder.ts made it.
    const dir = path.join(parent, 'previous', 'pg');
    mkdirSync(path.dirname(dir));
    const previous = new PGlite(dir);
    await migrate(drizzle(previous), { migrationsFolder: MIGRATIONS_FOLDER });
    await previous.query(`insert into users (issuer, subject, email, name, college) values ('test', 'old', 'old@cornell.edu', 'Old', 'cornell')`);
    await previous.close();

    const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    await database.migrate();
    const rows = await database.db.select({ name: users.name }).from(users);
    const settings = await firstRow<{ shared_buffers: string }>(database, sql`show shared_buffers`);
    await database.close();
    expect(rows).toEqual([{ name: 'Old' }]);
    expect(settings.shared_buffers).toBe('16MB');
  }, 120_000);
});

describe('reading the template archive', () => {
  it('reads files and folders, and refuses paths that leave the folder, other entry types and damaged headers', () => {
    expect(readTar(tarOf('/base/1/PG_VERSION', '17\n')).map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: path.join('base', '1', 'PG_VERSION'), kind: 'file' },
    ]);
    expect(readTar(tarOf('/pg_wal/', '', { type: '5' }))[0]!.kind).toBe('directory');
    expect(() => readTar(tarOf('../escape', 'x'))).toThrow('unsafe path in the archive: "../escape"');
    expect(() => readTar(tarOf('base/../../escape', 'x'))).toThrow('unsafe path');
    expect(() => readTar(tarOf('link', '', { type: '2' }))).toThrow('unexpected entry type "2"');
    expect(() => readTar(tarOf('PG_VERSION', '17\n', { breakChecksum: true }))).toThrow('bad header checksum');
    expect(() => readTar(tarOf('PG_VERSION', 'x'.repeat(600)).subarray(0, 800))).toThrow('ends in the middle of a file');
  });

  it('refuses an archive without a database', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carpool-template-'));
    try {
      const file = path.join(parent, 'empty.tar.gz');
      writeFileSync(file, gzipSync(tarOf('README', 'nothing here')));
      await expect(unpackEmbeddedTemplate(path.join(parent, 'pg'), file)).rejects.toThrow('holds no database (no PG_VERSION)');
      expect(readdirSync(parent)).toEqual(['empty.tar.gz']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('the embedded database settings', () => {
  it('uses 16MB of shared buffers unless told otherwise', async () => {
    const standard = await openDatabase({ databaseUrl: null, pgliteDir: null });
    const larger = await openDatabase({ databaseUrl: null, pgliteDir: null, embedded: { sharedBuffers: '32MB' } });
    try {
      expect((await firstRow<{ shared_buffers: string }>(standard, sql`show shared_buffers`)).shared_buffers).toBe('16MB');
      expect((await firstRow<{ shared_buffers: string }>(larger, sql`show shared_buffers`)).shared_buffers).toBe('32MB');
    } finally {
      await standard.close();
      await larger.close();
    }
  }, 60_000);
});
