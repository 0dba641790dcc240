#!/usr/bin/env node
// `npm start`'s build step: runs `npm run build` only when a source of the build changed since the
// last build that succeeded, so that a start after the first takes a second rather than 40.
// `--stamp` (the last step of `npm run build`) records the inputs of the build just made.
// The build's inputs are hashed (content, not times: a checkout or a copy changes times without
// changing anything); the hash of the last good build is kept beside its output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the build reads: these folders and files of the repository (tests excepted). */
const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.build.json',
  'packages/shared/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'apps/server/scripts',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/web/src',
  'apps/web/public',
];

/** What a build leaves: without any of these the build runs whatever the hash says. */
export const BUILD_OUTPUTS = ['packages/shared/dist', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];

/** Where the hash of the last build that succeeded is kept (inside the server's output). */
const STAMP_FILE = 'apps/server/dist/.build-inputs';

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function* filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile() && !isTest(entry.name)) yield child;
  }
}

/** One hash of every input's path and content. */
function hashBuildInputs(root = ROOT, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(root, input)) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether the last build is current: every output there, and made from the inputs as they are now. */
export function buildIsCurrent(root = ROOT, hash = hashBuildInputs(root)) {
  if (!BUILD_OUTPUTS.every((output) => existsSync(path.join(root, output)))) return false;
  const stamp = path.join(root, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** Records that the build in place was made from the inputs as they are now (the end of `npm run build`). */
export function stampBuild(root = ROOT) {
  writeFileSync(path.join(root, STAMP_FILE), `${hashBuildInputs(root)}\n`);
}

function main(args = process.argv.slice(2)) {
  if (args.includes('--stamp')) {
    stampBuild();
    return 0;
  }
  if (buildIsCurrent()) {
    process.stdout.write('The build is current: starting without building (npm run build forces one).\n');
    return 0;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build stamps itself when it succeeds.
  return spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
