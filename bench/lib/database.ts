import pg from 'pg';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  /** True when the bench created the database and so drops it at the end. */
  owned: boolean;
}

/** BENCH_DATABASE_URL when set (must be an empty database), else a fresh carpool_bench_<time> on the local server. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, owned: false };
  const name = `carpool_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), owned: true };
}

export async function dropBenchDatabase(database: BenchDatabase): Promise<void> {
  if (!database.owned) return;
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export function openPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // The servers under test come and go; an idle client dropped by them must not crash the bench.
  pool.on('error', () => {});
  return pool;
}
