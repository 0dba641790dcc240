import path from 'node:path';
import { UuidSchema } from '@carpool/shared/schemas/common';
import { SUBMISSION_STATUSES, type SubmissionStatus, type VerificationSubmission } from '@carpool/shared/schemas/verification';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { runningServer, type AdminCredential } from './lib/admin-credential.js';
import { AppError } from './lib/app-error.js';
import { systemClock } from './lib/clock.js';
import { createEventBus } from './lib/events.js';
import { decideVerification, listVerifications } from './modules/verification/verification.service.js';

/** The command's answer goes to standard output, for a person or a script to read. */
const print = (text: string) => process.stdout.write(`${text}\n`);

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list [pending|approved|rejected]   driver verification submissions (default: pending)
  approve <submissionId>             make the user a verified driver
  reject <submissionId>              reject; the user may submit again

While the server runs, the command goes through it (with the credential it keeps in
DATA_DIR/admin-credential.json), so the site shows a decision at once. With no server running it
opens the database itself: DATABASE_URL, else the embedded one under DATA_DIR.
Documents can be viewed by an admin (ADMIN_EMAILS) at /api/files/<id> while signed in.`;

const LIST_LIMIT = 200;

function describe(submission: VerificationSubmission): string {
  return [
    `${submission.id}  ${submission.status}  submitted ${submission.createdAt}`,
    `  user: ${submission.user.name} <${submission.user.email}> (${submission.user.id})`,
    `  license expires: ${submission.licenseExpiration ?? '-'}  insurance expires: ${submission.insuranceExpiration ?? '-'}`,
    `  documents: ${submission.documents.licenseFront} ${submission.documents.licenseBack} ${submission.documents.insurance}`,
  ].join('\n');
}

const SERVER_TIMEOUT_MS = 15_000;

/**
 * Runs the command through the running server's admin API. Null when no server answers at the
 * address of the credential file (left by a server that was killed): the caller opens the database.
 */
async function runThroughServer(server: AdminCredential, command: 'list' | 'approve' | 'reject', argument: string | undefined): Promise<number | null> {
  const url =
    command === 'list'
      ? `${server.url}/api/admin/verifications?status=${argument ?? 'pending'}&limit=${LIST_LIMIT}`
      : `${server.url}/api/admin/verifications/${argument}/${command}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: command === 'list' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') return null;
    throw new Error(`The server at ${server.url} (pid ${server.pid}) did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json()) as unknown;
  if (!response.ok) {
    const message = (body as { message?: unknown }).message;
    console.error(typeof message === 'string' ? message : `The server answered ${response.status}`);
    return 1;
  }
  if (command === 'list') {
    const submissions = body as VerificationSubmission[];
    const status = argument ?? 'pending';
    print(submissions.length === 0 ? `No ${status} submissions.` : submissions.map(describe).join('\n\n'));
  } else {
    print(`${command === 'approve' ? 'Approved' : 'Rejected'}:\n${describe(body as VerificationSubmission)}`);
  }
  return 0;
}

async function run(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command !== 'list' && command !== 'approve' && command !== 'reject') {
    print(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  if (command === 'list' && argument !== undefined && !(SUBMISSION_STATUSES as readonly string[]).includes(argument)) {
    console.error(`Unknown status "${argument}": use ${SUBMISSION_STATUSES.join(', ')}`);
    return 2;
  }
  if (command !== 'list' && !UuidSchema.safeParse(argument).success) {
    console.error(`${command} needs a submission id (see: npm run admin -- list)`);
    return 2;
  }

  const config = loadConfig();
  const server = runningServer(config.dataDir);
  if (server) {
    const code = await runThroughServer(server, command, argument);
    if (code !== null) return code;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') });
  try {
    await database.migrate();
    // No process listens to this bus: the decision's notification is stored and shows on the next read.
    const deps = { db: database.db, clock: systemClock, events: createEventBus() };
    if (command === 'list') {
      const status = (argument ?? 'pending') as SubmissionStatus;
      const submissions = await listVerifications(deps.db, status, { limit: LIST_LIMIT, offset: 0 });
      print(submissions.length === 0 ? `No ${status} submissions.` : submissions.map(describe).join('\n\n'));
      return 0;
    }
    const decided = await decideVerification(deps, argument!, command === 'approve' ? 'approved' : 'rejected', null);
    print(`${command === 'approve' ? 'Approved' : 'Rejected'}:\n${describe(decided)}`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AppError || error instanceof FolderLockedError) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    process.exit(1);
  },
);
