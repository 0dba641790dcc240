/**
 * The chat fan-out benchmark alone (ours and the bare Socket.IO baseline) on a freshly seeded
 * database, for trying a change to the realtime path quickly. BENCH_SCALE applies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runChat, seedChatRooms } from '../chat/run-chat.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startAppServer, startBenchScript } from '../lib/processes.js';
import { seedDatabase } from '../seed/seed-data.js';

const database = await createBenchDatabase();
const pool = openPool(database.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
try {
  const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir, label: 'app-chat' });
  const bare = await startBenchScript({ label: 'baseline-chat', script: 'chat/bare-chat-server.ts', port: await freePort(), env: {} });
  const seeded = await seedDatabase(pool);
  const rooms = await seedChatRooms(pool, seeded.signedIn);
  const results = await runChat({ rooms, ours: { url: app.url, pid: app.child.pid! }, baseline: { url: bare.url, pid: bare.child.pid! } });
  for (const row of results) console.log(JSON.stringify(row));
  await bare.stop();
  await app.stop();
} finally {
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
