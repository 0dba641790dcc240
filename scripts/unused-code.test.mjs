import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// knip's package exports its API (dist/index.js), not its command line: that is in bin/ beside dist/.
const knipBin = path.join(path.dirname(createRequire(import.meta.url).resolve('knip')), '../bin/knip.js');

/**
 * What `npm run lint:unused` (knip, with the repository's knip.jsonc) finds in the tree at `root`:
 * one line per issue, `<type>: <file>[: <name>]`, sorted; and whether it failed.
 */
function findUnusedCode(root) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [knipBin, '--no-progress', '--reporter', 'json'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && error.code !== 1) return reject(new Error(`knip failed (${error.code}): ${stderr}${stdout}`));
      const { issues } = JSON.parse(stdout);
      const found = [];
      for (const issue of issues) {
        for (const [type, entries] of Object.entries(issue)) {
          if (!Array.isArray(entries)) continue;
          for (const entry of entries) found.push(type === 'files' ? `files: ${issue.file}` : `${type}: ${issue.file}: ${entry.name}`);
        }
      }
      resolve({ failed: Boolean(error), found: found.sort(), stderr });
    });
  });
}

describe('the unused code check of `npm run check`', () => {
  const roots = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /**
   * A copy of the repository's files as they are now (committed or not, less what git ignores),
   * on the repository's installed packages: the workspaces' own links point into the copy.
   */
  function copyOfTree() {
    const root = mkdtempSync(path.join(tmpdir(), 'carpool-unused-'));
    roots.push(root);
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repositoryRoot, encoding: 'utf8' });
    for (const file of files.split('\0').filter(Boolean)) {
      if (!existsSync(path.join(repositoryRoot, file))) continue; // deleted, not yet committed
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      copyFileSync(path.join(repositoryRoot, file), path.join(root, file));
    }
    const { workspaces } = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8'));
    mkdirSync(path.join(root, 'node_modules/@carpool'), { recursive: true });
    for (const name of readdirSync(path.join(repositoryRoot, 'node_modules'))) {
      if (name !== '@carpool') symlinkSync(path.join(repositoryRoot, 'node_modules', name), path.join(root, 'node_modules', name));
    }
    for (const workspace of workspaces) {
      const { name } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
      symlinkSync(path.join(root, workspace), path.join(root, 'node_modules', name));
      const own = path.join(repositoryRoot, workspace, 'node_modules');
      if (existsSync(own)) symlinkSync(own, path.join(root, workspace, 'node_modules'));
    }
    return root;
  }

  // knip reads some 900 files: 4 s of CPU on its own, more beside other tests. Today's findings are
  // asked for once: the planted tree is today's plus the plants.
  let today;
  const findToday = () => (today ??= findUnusedCode(repositoryRoot));

  it("passes today's tree", { timeout: 120_000 }, async () => {
    const { failed, found, stderr } = await findToday();
    expect(found).toEqual([]);
    expect(failed, stderr).toBe(false);
  });

  it('fails on an unused file, export, type or dependency, and on a package a workspace does not list', { timeout: 120_000 }, async () => {
    const root = copyOfTree();
    const plant = (file, text) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    const listDependency = (workspace, field, name) => {
      const file = path.join(root, workspace, 'package.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      manifest[field] = { ...manifest[field], [name]: '^1.0.0' };
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    };
    // A file nothing imports.
    plant('apps/server/src/lib/forgotten.ts', 'export const forgotten = () => 1;\n');
    // A file the app imports, with an export and a type besides what it uses; one more package.
    plant(
      'apps/web/src/lib/planted.ts',
      "import Redis from 'ioredis';\nexport const used = () => new Redis();\nexport const unusedHelper = () => 2;\nexport type UnusedShape = { a: number };\n",
    );
    appendFileSync(path.join(root, 'apps/web/src/main.tsx'), "\nimport { used } from './lib/planted';\nused();\n");
    // An export of the shared package that neither app imports.
    appendFileSync(path.join(root, 'packages/shared/src/constants.ts'), '\nexport const NOBODY_READS_THIS = 1;\n');
    // Packages listed that nothing imports.
    listDependency('apps/server', 'dependencies', 'left-pad');
    listDependency('apps/web', 'devDependencies', 'is-odd');

    const after = await findUnusedCode(root);
    expect(after.failed).toBe(true);
    expect(after.found).toEqual(
      [
        ...(await findToday()).found,
        'files: apps/server/src/lib/forgotten.ts',
        'exports: apps/web/src/lib/planted.ts: unusedHelper',
        'types: apps/web/src/lib/planted.ts: UnusedShape',
        'exports: packages/shared/src/constants.ts: NOBODY_READS_THIS',
        'dependencies: apps/server/package.json: left-pad',
        'devDependencies: apps/web/package.json: is-odd',
        'unlisted: apps/web/src/lib/planted.ts: ioredis',
      ].sort(),
    );
  });
});
