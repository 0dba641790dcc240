import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { CODE_DIR } from '../paths.js';

/**
 * A new embedded database folder is unpacked from a template: a folder that `npm run build` made
 * with PGlite (initdb, then the migrations of that build) and packed with PGlite's own
 * dumpDataDir, the format of a backup (docs/decisions/embedded-database-template.md). Unpacking
 * takes tens of milliseconds where initdb in WebAssembly takes seconds; migrations newer than the
 * template are applied on open, as on any restart.
 */
export const EMBEDDED_TEMPLATE_FILE = path.join(CODE_DIR, 'db', 'embedded-template.tar.gz');

const gunzipAsync = promisify(gunzip);
const BLOCK = 512;
const WRITE_BATCH = 64;

export class TemplateError extends Error {
  override name = 'TemplateError';
}

interface TarEntry {
  name: string;
  kind: 'file' | 'directory';
  data: Buffer;
}

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, offset: number, length: number): number {
  const text = field(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TemplateError(`not a tar archive (bad number "${text}")`);
  return text ? parseInt(text, 8) : 0;
}

/** A path inside the folder: relative, without "..", so that no entry can write outside it. */
function safeName(name: string): string {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..')) throw new TemplateError(`unsafe path in the archive: "${name}"`);
  return parts.join(path.sep);
}

/** The regular files and folders of a ustar archive (what PGlite's dumpDataDir writes); anything else is refused. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    let checksum = 0;
    for (let index = 0; index < BLOCK; index += 1) checksum += index >= 148 && index < 156 ? 32 : header[index]!;
    if (checksum !== octal(header, 148, 8)) throw new TemplateError('not a tar archive (bad header checksum)');
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TemplateError('the archive ends in the middle of a file');
    if (type === '0' || type === '\0') entries.push({ name: safeName(name), kind: 'file', data: archive.subarray(start, start + size) });
    else if (type === '5') entries.push({ name: safeName(name), kind: 'directory', data: Buffer.alloc(0) });
    else throw new TemplateError(`unexpected entry type "${type}" for "${name}"`);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/**
 * Unpacks the template into `dir`, which must not exist yet. The files go to a sibling folder
 * first, which is then renamed: an interrupted start leaves no half-made database behind.
 */
export async function unpackEmbeddedTemplate(dir: string, file = EMBEDDED_TEMPLATE_FILE): Promise<void> {
  const entries = readTar(await gunzipAsync(await readFile(file)));
  if (!entries.some((entry) => entry.kind === 'file' && entry.name === 'PG_VERSION')) {
    throw new TemplateError(`${file} holds no database (no PG_VERSION)`);
  }
  const target = path.resolve(dir);
  const scratch = `${target}.unpacking-${randomBytes(6).toString('hex')}`;
  try {
    mkdirSync(scratch, { recursive: true, mode: 0o700 });
    // Each folder once (PGlite's archive lists a folder before its files, but need not).
    const folders = new Set<string>();
    for (const entry of entries) folders.add(entry.kind === 'directory' ? entry.name : path.dirname(entry.name));
    for (const folder of [...folders].sort()) mkdirSync(path.join(scratch, folder), { recursive: true, mode: 0o700 });
    // Over a thousand files, most of them small: written by libuv's threads side by side, a
    // batch at a time so that the open files stay well under the usual limit of 1024.
    const files = entries.filter((entry) => entry.kind === 'file');
    for (let start = 0; start < files.length; start += WRITE_BATCH) {
      await Promise.all(files.slice(start, start + WRITE_BATCH).map((entry) => writeFile(path.join(scratch, entry.name), entry.data, { mode: 0o600 })));
    }
    renameSync(scratch, target);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Makes the template: initdb and every migration in an in-memory PGlite, a checkpoint (the files
 * then hold everything), and PGlite's gzip'd tar of the folder, written atomically to `file`.
 */
export async function writeEmbeddedTemplate(file: string, migrationsFolder: string): Promise<void> {
  const database = new PGlite();
  try {
    await database.waitReady;
    await migrate(drizzle(database), { migrationsFolder });
    await database.exec('checkpoint');
    const archive = Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, archive);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
}
