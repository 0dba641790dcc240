import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the import cycle check of `npm run check`', () => {
  const roots = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A server tree of the given files (path under apps/server/src -> text). */
  function server(files) {
    const root = mkdtempSync(path.join(tmpdir(), 'carpool-cycles-'));
    roots.push(root);
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(root, 'apps/server/src', file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return root;
  }

  it("passes today's server", async () => {
    expect(await findImportCycles(repositoryRoot)).toEqual([]);
  });

  it('finds modules that reach themselves through other modules, whichever files they go through', async () => {
    // rides -> bookings -> waitlist -> rides, each step from a different file than the last arrived at.
    const root = server({
      'modules/rides/rides.service.ts': "import { book } from '../bookings/bookings.service.js';\nexport const ride = () => book();\n",
      'modules/rides/rides.sql.ts': 'export const seats = 1;\n',
      'modules/bookings/bookings.service.ts': "import { wait } from '../waitlist/waitlist.service.js';\nexport const book = () => wait();\n",
      'modules/waitlist/waitlist.service.ts': "import { seats } from '../rides/rides.sql.js';\nexport const wait = () => seats;\n",
    });
    expect(await findImportCycles(root)).toEqual([
      'no-module-cycle: apps/server/src/modules/bookings -> apps/server/src/modules/waitlist -> apps/server/src/modules/rides -> apps/server/src/modules/bookings',
    ]);
  });

  it('finds a file that imports itself through others, inside one module or outside the modules', async () => {
    const root = server({
      'modules/rides/rides.service.ts': "import { series } from './ride-series.service.js';\nexport const ride = () => series();\n",
      'modules/rides/ride-series.service.ts': "import { ride } from './rides.service.js';\nexport const series = () => ride();\n",
      'lib/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'lib/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
    });
    expect(await findImportCycles(root)).toEqual([
      'no-file-cycle: apps/server/src/lib/a.ts -> apps/server/src/lib/b.ts -> apps/server/src/lib/a.ts',
      'no-file-cycle: apps/server/src/modules/rides/ride-series.service.ts -> apps/server/src/modules/rides/rides.service.ts -> apps/server/src/modules/rides/ride-series.service.ts',
    ]);
  });

  it('lets a use-case module combine the modules beneath it, and tests import what they like', async () => {
    const root = server({
      'modules/trips/trips.service.ts':
        "import { book } from '../bookings/bookings.service.js';\nimport { ride } from '../rides/rides.service.js';\nexport const trip = () => [book(), ride()];\n",
      'modules/bookings/bookings.service.ts': "import { ride } from '../rides/rides.service.js';\nexport const book = () => ride();\n",
      'modules/rides/rides.service.ts': 'export const ride = () => 1;\n',
      'modules/rides/rides.test.ts': "import { trip } from '../trips/trips.service.js';\ntrip();\n",
    });
    expect(await findImportCycles(root)).toEqual([]);
  });
});
