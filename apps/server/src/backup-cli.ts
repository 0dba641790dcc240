import { ConfigError } from './config.js';
import { BackupError } from './db/backup.js';
import { runBackupCommand } from './db/backup-command.js';

const USAGE = `Usage: npm run backup -- <file>     write a backup of the configured database to <file>
       npm run restore -- <file>    restore <file> into the configured database, which must be empty

The database is the server's own: DATABASE_URL (pg_dump / pg_restore, custom format), else the
embedded one under DATA_DIR (while the server runs, the backup is taken through it; a restore
needs the server stopped and an empty DATA_DIR/pg).`;

const print = (text: string) => process.stdout.write(`${text}\n`);

async function main(args: string[]): Promise<number> {
  const [command, file, extra] = args;
  if ((command !== 'backup' && command !== 'restore') || !file || extra !== undefined) {
    print(USAGE);
    return 2;
  }
  try {
    print(await runBackupCommand(command, file));
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
