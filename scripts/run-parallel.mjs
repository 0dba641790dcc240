// Runs npm scripts side by side, as many at once as the machine has cores, and fails when any of
// them fails. Each script's output is printed whole when it ends, so the log reads as if they had
// run one after the other. Used by `npm run check` (the typechecks and the linter, about 70 s one
// after the other, CPU-bound and independent of each other).
//
//   node scripts/run-parallel.mjs "typecheck -w apps/server" "lint" ...   (arguments of `npm run`)
//   node scripts/run-parallel.mjs lint --each-workspace typecheck
//
// `--each-workspace <script>` stands for `<script> -w <workspace>` for every workspace of the root
// package.json that has that script, so a new workspace is checked without being listed here;
// they start largest first (by TypeScript files), so that the longest jobs do not come last.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

function typeScriptFiles(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) count += typeScriptFiles(join(dir, entry.name));
    } else if (/\.tsx?$/.test(entry.name)) count += 1;
  }
  return count;
}

function eachWorkspace(script) {
  const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
  return workspaces
    .filter((workspace) => JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8')).scripts?.[script])
    .map((workspace) => ({ job: `${script} -w ${workspace}`, size: typeScriptFiles(workspace) }))
    .sort((a, b) => b.size - a.size)
    .map(({ job }) => job);
}

function usage() {
  console.error('usage: node scripts/run-parallel.mjs [--each-workspace <script>] "<npm run arguments>" ...');
  process.exit(2);
}

const jobs = [];
for (let args = process.argv.slice(2); args.length > 0; ) {
  const arg = args.shift();
  if (arg !== '--each-workspace') jobs.push(arg);
  else if (args.length > 0) jobs.push(...eachWorkspace(args.shift()));
  else usage(); // the flag without the script it stands for
}
if (jobs.length === 0) usage();

function run(job) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', ...job.split(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== npm run ${job}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const queue = [...jobs];
const results = [];
async function worker() {
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) results.push(await run(job));
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), jobs.length) }, worker));
if (results.some((ok) => !ok)) process.exit(1);
