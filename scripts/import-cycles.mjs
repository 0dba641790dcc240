// Import cycles in the server, found by dependency-cruiser: part of `npm run check` (as
// `npm run lint:cycles`), and run on planted trees by its test. Two questions, one pass each:
//
// - no-module-cycle: the folders of apps/server/src/modules, taken as one node each, form no
//   cycle. Modules form a tree; when two need each other, the shared part moves down into a
//   module both import, or the orchestration moves up into a use-case module
//   (docs/decisions/seat-inventory-and-module-shape.md).
// - no-file-cycle: no file of apps/server/src reaches itself through its imports.
//
// The module pass looks at the module folders alone: a path through plugins/ (the gateway and the
// auth plugin still import the auth and ride-messages services) is the plumbing reaching up, which
// the layer rules of docs/decisions/module-boundaries.md deal with, not a cycle between modules.
//
//   node scripts/import-cycles.mjs            prints each cycle; exits 1 when there is one
import { cruise } from 'dependency-cruiser';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = 'apps/server/src';

const options = {
  validate: true,
  tsPreCompilationDeps: true,
  exclude: { path: '\\.test\\.ts$' },
};

const passes = [
  {
    includeOnly: `^${SOURCES}/modules/`,
    rule: {
      name: 'no-module-cycle',
      severity: 'error',
      scope: 'folder',
      from: { path: `^${SOURCES}/modules/[^/]+$` },
      to: { circular: true },
    },
  },
  {
    includeOnly: `^${SOURCES}/`,
    rule: { name: 'no-file-cycle', severity: 'error', from: {}, to: { circular: true } },
  },
];

/**
 * Every import cycle under `<root>/apps/server/src`, one line each (`rule: a -> b -> a`), sorted;
 * none when the server holds its shape.
 */
export async function findImportCycles(root) {
  const found = new Set();
  for (const pass of passes) {
    const { output } = await cruise([SOURCES], {
      ...options,
      includeOnly: pass.includeOnly,
      ruleSet: { forbidden: [pass.rule] },
      baseDir: root,
    });
    for (const violation of output.summary.violations) {
      // Each cycle is reported once from each of its members: keep one, starting at its smallest.
      const members = violation.cycle.map((step) => step.name);
      const start = members.indexOf([...members].sort()[0]);
      const cycle = [...members.slice(start), ...members.slice(0, start)];
      found.add(`${violation.rule.name}: ${[...cycle, cycle[0]].join(' -> ')}`);
    }
  }
  return [...found].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = await findImportCycles(root);
  for (const cycle of cycles) console.error(cycle);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s) in ${SOURCES}: see docs/decisions/seat-inventory-and-module-shape.md`);
    process.exit(1);
  }
  console.log(`No import cycle in ${SOURCES}, between modules or files.`);
}
