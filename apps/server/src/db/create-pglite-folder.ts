/**
 * Creates an embedded database folder in a child process when there is no template to unpack
 * (running from source before a build; see embedded-template.ts): PGlite's initdb, then the migrations.
 * The WebAssembly memory these grow to (about 800 MB) is never given back while the instance
 * lives; in a child process it goes away with the process (a worker thread kept about 100 MB of
 * it), and the server then opens the finished folder as on a restart.
 * Arguments: the folder, the migrations folder.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder] = process.argv.slice(2) as [string, string];
const database = new PGlite(dir);
await database.waitReady;
await migrate(drizzle(database), { migrationsFolder });
await database.close();
