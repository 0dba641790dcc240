// The import boundaries of the server, the web app and the shared package, found by
// dependency-cruiser: part of `npm run check` (as `npm run lint:cycles`, named when it checked the
// cycles alone), and run on planted trees by its test. The picture of the layers and why each rule
// is there: docs/decisions/module-boundaries.md.
//
// Cycles:
// - no-folder-cycle: the server's module folders (apps/server/src/modules/<name>) and its plumbing
//   folders (plugins, lib, db), taken as one node each, form no cycle. Modules form a tree; when
//   two need each other, the shared part moves down into a module both import, or the
//   orchestration moves up into a use-case module (docs/decisions/seat-inventory-and-module-shape.md).
// - no-file-cycle: no file of apps/server/src, apps/web/src or packages/shared/src reaches itself
//   through its imports (type-only and lazy imports included).
//
// Layers, each an import that points the wrong way:
// - plumbing-imports-no-module: plugins/, lib/ and db/ import no module, nor the app that
//   composes them (app.ts, app-deps.ts, main.ts, server.ts): the plumbing is handed what it needs.
// - db-and-lib-import-no-plugin, lib-imports-no-db: lib at the bottom, db on it, plugins on both.
// - routes-import-only-their-module: a module's *.routes.ts imports nothing of another module.
// - routes-reach-no-repository: nor its own module's repository or query fragments: its service.
// - web-feature-imports-no-other-feature: apps/web/src/features/<name> imports no other feature.
// - web-feature-imports-no-app, web-components-and-lib-import-no-feature: app -> features ->
//   components and lib, nothing pointing back up.
// - shared-imports-no-app: packages/shared is at the bottom of everything.
//
// What an import or export statement itself says (another module's repository imported, a
// repository's functions re-exported) is eslint's: eslint.config.js.
//
//   node scripts/import-cycles.mjs            prints each violation; exits 1 when there is one
import { cruise } from 'dependency-cruiser';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const SHARED = 'packages/shared/src';

const options = {
  validate: true,
  tsPreCompilationDeps: true,
  // Tests import what they like (a plugin's test signs in through the auth module).
  exclude: { path: '\\.test\\.tsx?$' },
};

const folderPass = {
  sources: [SERVER],
  // The files at the server's root (app.ts, the composition root) stay out: they import every
  // module, and modules import their types (app-deps.ts), which would make every folder a cycle.
  includeOnly: `^${SERVER}/(modules|plugins|lib|db)/`,
  rules: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      from: { path: `^${SERVER}/(modules/[^/]+|plugins|lib|db)$` },
      to: { circular: true },
    },
  ],
};

const filePass = {
  sources: [SERVER, WEB, SHARED],
  includeOnly: `^(${SERVER}|${WEB}|${SHARED})/`,
  rules: [
    { name: 'no-file-cycle', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'plumbing-imports-no-module',
      severity: 'error',
      from: { path: `^${SERVER}/(plugins|lib|db)/` },
      to: { path: `^${SERVER}/(modules/|(app|app-deps|main|server)\\.ts$)` },
    },
    {
      name: 'db-and-lib-import-no-plugin',
      severity: 'error',
      from: { path: `^${SERVER}/(db|lib)/` },
      to: { path: `^${SERVER}/plugins/` },
    },
    { name: 'lib-imports-no-db', severity: 'error', from: { path: `^${SERVER}/lib/` }, to: { path: `^${SERVER}/db/` } },
    {
      name: 'routes-import-only-their-module',
      severity: 'error',
      from: { path: `^${SERVER}/modules/([^/]+)/[^/]+\\.routes\\.ts$` },
      to: { path: `^${SERVER}/modules/`, pathNot: `^${SERVER}/modules/$1/` },
    },
    {
      name: 'routes-reach-no-repository',
      severity: 'error',
      from: { path: `^${SERVER}/modules/[^/]+/[^/]+\\.routes\\.ts$` },
      to: { path: `^${SERVER}/modules/[^/]+/[^/]+\\.(repository|sql)\\.ts$` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      from: { path: `^${WEB}/features/([^/]+)/` },
      to: { path: `^${WEB}/features/`, pathNot: `^${WEB}/features/$1/` },
    },
    { name: 'web-feature-imports-no-app', severity: 'error', from: { path: `^${WEB}/features/` }, to: { path: `^${WEB}/app/` } },
    {
      name: 'web-components-and-lib-import-no-feature',
      severity: 'error',
      from: { path: `^${WEB}/(components|lib)/` },
      to: { path: `^${WEB}/(features|app)/` },
    },
    { name: 'shared-imports-no-app', severity: 'error', from: { path: `^${SHARED}/` }, to: { path: '^(apps|e2e|bench)/' } },
  ],
};

/** One line per violation: `rule: a -> b -> a` for a cycle (from its smallest member), `rule: from -> to` else. */
function describe(violation) {
  if (!violation.cycle) return `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
  // Each cycle is reported once from each of its members: keep one, starting at its smallest.
  const members = violation.cycle.map((step) => step.name);
  const start = members.indexOf([...members].sort()[0]);
  const cycle = [...members.slice(start), ...members.slice(0, start)];
  return `${violation.rule.name}: ${[...cycle, cycle[0]].join(' -> ')}`;
}

/**
 * Every broken import boundary under `root`, one line each, sorted; none when the server, the web
 * app and the shared package hold their shape.
 */
export async function findBoundaryViolations(root) {
  const found = new Set();
  for (const pass of [folderPass, filePass]) {
    // Only the folders that exist: a planted tree in a test holds just the files it is about.
    const sources = pass.sources.filter((source) => existsSync(path.join(root, source)));
    if (sources.length === 0) continue;
    const { output } = await cruise(sources, {
      ...options,
      includeOnly: pass.includeOnly,
      ruleSet: { forbidden: pass.rules },
      baseDir: root,
    });
    for (const violation of output.summary.violations) found.add(describe(violation));
  }
  return [...found].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = await findBoundaryViolations(root);
  for (const violation of violations) console.error(violation);
  if (violations.length > 0) {
    console.error(`${violations.length} broken import boundary(ies): see docs/decisions/module-boundaries.md`);
    process.exit(1);
  }
  console.log(`No import cycle and no import against the layers in ${SERVER}, ${WEB} or ${SHARED}.`);
}
