import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './import-cycles.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the import boundary check of `npm run check`', () => {
  const roots = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A repository of the given files (path from the repository's root -> text). */
  function tree(files) {
    const root = mkdtempSync(path.join(tmpdir(), 'carpool-boundaries-'));
    roots.push(root);
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return root;
  }

  /** As tree, for files under apps/server/src. */
  function server(files) {
    return tree(Object.fromEntries(Object.entries(files).map(([file, text]) => [`apps/server/src/${file}`, text])));
  }

  // Two passes over about 800 files: some 5 s on its own, more beside other tests.
  it("passes today's server, web app and shared package", { timeout: 60_000 }, async () => {
    expect(await findBoundaryViolations(repositoryRoot)).toEqual([]);
  });

  describe('cycles', () => {
    it('finds modules that reach themselves through other modules, whichever files they go through', async () => {
      // rides -> bookings -> waitlist -> rides, each step from a different file than the last arrived at.
      const root = server({
        'modules/rides/rides.service.ts': "import { book } from '../bookings/bookings.service.js';\nexport const ride = () => book();\n",
        'modules/rides/rides.sql.ts': 'export const seats = 1;\n',
        'modules/bookings/bookings.service.ts': "import { wait } from '../waitlist/waitlist.service.js';\nexport const book = () => wait();\n",
        'modules/waitlist/waitlist.service.ts': "import { seats } from '../rides/rides.sql.js';\nexport const wait = () => seats;\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'no-folder-cycle: apps/server/src/modules/bookings -> apps/server/src/modules/waitlist -> apps/server/src/modules/rides -> apps/server/src/modules/bookings',
      ]);
    });

    it('counts the plugins as a folder of their own: a module reaching itself through them is a cycle', async () => {
      const root = server({
        'modules/auth/auth.service.ts': "import { bearer } from '../../plugins/auth.js';\nexport const authenticate = () => bearer();\n",
        'modules/auth/tokens.ts': 'export const token = () => "t";\n',
        'plugins/auth.ts': "import { token } from '../modules/auth/tokens.js';\nexport const bearer = () => token();\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'no-folder-cycle: apps/server/src/modules/auth -> apps/server/src/plugins -> apps/server/src/modules/auth',
        'plumbing-imports-no-module: apps/server/src/plugins/auth.ts -> apps/server/src/modules/auth/tokens.ts',
      ]);
    });

    it('finds a file that imports itself through others: in a module, outside the modules, in the web app', async () => {
      const root = tree({
        'apps/server/src/modules/rides/rides.service.ts': "import { series } from './ride-series.service.js';\nexport const ride = () => series();\n",
        'apps/server/src/modules/rides/ride-series.service.ts': "import { ride } from './rides.service.js';\nexport const series = () => ride();\n",
        'apps/server/src/lib/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
        'apps/server/src/lib/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
        // A lazily loaded file that takes a type from the file that loads it is a cycle too.
        'apps/web/src/components/ui/toast.tsx': "export type Toast = { message: string };\nexport const outlet = () => import('./toast-outlet');\n",
        'apps/web/src/components/ui/toast-outlet.tsx': "import type { Toast } from './toast';\nexport const show = (toast: Toast) => toast.message;\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'no-file-cycle: apps/server/src/lib/a.ts -> apps/server/src/lib/b.ts -> apps/server/src/lib/a.ts',
        'no-file-cycle: apps/server/src/modules/rides/ride-series.service.ts -> apps/server/src/modules/rides/rides.service.ts -> apps/server/src/modules/rides/ride-series.service.ts',
        'no-file-cycle: apps/web/src/components/ui/toast-outlet.tsx -> apps/web/src/components/ui/toast.tsx -> apps/web/src/components/ui/toast-outlet.tsx',
      ]);
    });

    it('lets a use-case module combine the modules beneath it, and tests import what they like', async () => {
      const root = server({
        'modules/trips/trips.service.ts':
          "import { book } from '../bookings/bookings.service.js';\nimport { ride } from '../rides/rides.service.js';\nexport const trip = () => [book(), ride()];\n",
        'modules/bookings/bookings.service.ts': "import { ride } from '../rides/rides.service.js';\nexport const book = () => ride();\n",
        'modules/rides/rides.service.ts': 'export const ride = () => 1;\n',
        'modules/rides/rides.test.ts': "import { trip } from '../trips/trips.service.js';\ntrip();\n",
        'plugins/realtime.test.ts': "import { ride } from '../modules/rides/rides.service.js';\nride();\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([]);
    });
  });

  describe('server layers', () => {
    it('refuses plugins, lib and db that import a module or the app that composes them', async () => {
      const root = server({
        'modules/auth/auth.service.ts': 'export const authenticate = () => 1;\n',
        'app-deps.ts': 'export interface AppDeps { db: unknown }\n',
        'plugins/auth.ts': "import { authenticate } from '../modules/auth/auth.service.js';\nexport const hook = () => authenticate();\n",
        'lib/events.ts': "import type { AppDeps } from '../app-deps.js';\nexport const bus = (deps: AppDeps) => deps;\n",
        'db/client.ts': "import { authenticate } from '../modules/auth/auth.service.js';\nexport const client = () => authenticate();\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'plumbing-imports-no-module: apps/server/src/db/client.ts -> apps/server/src/modules/auth/auth.service.ts',
        'plumbing-imports-no-module: apps/server/src/lib/events.ts -> apps/server/src/app-deps.ts',
        'plumbing-imports-no-module: apps/server/src/plugins/auth.ts -> apps/server/src/modules/auth/auth.service.ts',
      ]);
    });

    it('keeps lib at the bottom, db on it and the plugins on both', async () => {
      const root = server({
        'plugins/auth.ts': 'export const hook = () => 1;\n',
        'db/client.ts': "import { hook } from '../plugins/auth.js';\nexport const client = () => hook();\n",
        'lib/clock.ts': "import { client } from '../db/client.js';\nimport { hook } from '../plugins/auth.js';\nexport const now = () => [client(), hook()];\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'db-and-lib-import-no-plugin: apps/server/src/db/client.ts -> apps/server/src/plugins/auth.ts',
        'db-and-lib-import-no-plugin: apps/server/src/lib/clock.ts -> apps/server/src/plugins/auth.ts',
        'lib-imports-no-db: apps/server/src/lib/clock.ts -> apps/server/src/db/client.ts',
      ]);
    });

    it('lets each layer import the ones beneath it, and a module import the plumbing', async () => {
      const root = server({
        'lib/app-error.ts': 'export const fail = () => 1;\n',
        'db/unavailable.ts': "import { fail } from '../lib/app-error.js';\nexport const down = () => fail();\n",
        'plugins/auth.ts': "import { down } from '../db/unavailable.js';\nimport { fail } from '../lib/app-error.js';\nexport const authOf = () => [down(), fail()];\n",
        'modules/rides/rides.routes.ts': "import { authOf } from '../../plugins/auth.js';\nimport { ride } from './rides.service.js';\nexport const routes = () => [authOf(), ride()];\n",
        'modules/rides/rides.service.ts': "import { down } from '../../db/unavailable.js';\nexport const ride = () => down();\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([]);
    });

    it("refuses routes that import another module, or their own module's repository or query fragments", async () => {
      const root = server({
        'modules/users/users.service.ts': 'export const findUser = () => 1;\n',
        'modules/delivery/delivery.repository.ts': 'export const findDevMail = () => 1;\n',
        'modules/delivery/delivery.sql.ts': 'export const outbox = 1;\n',
        'modules/delivery/delivery.service.ts': "import { findDevMail } from './delivery.repository.js';\nexport const getDevMail = () => findDevMail();\n",
        'modules/delivery/pages.ts': 'export const page = () => "<p>";\n',
        'modules/delivery/delivery.routes.ts': [
          "import { findUser } from '../users/users.service.js';",
          "import { findDevMail } from './delivery.repository.js';",
          "import { outbox } from './delivery.sql.js';",
          "import { getDevMail } from './delivery.service.js';",
          "import { page } from './pages.js';",
          'export const routes = () => [findUser(), findDevMail(), outbox, getDevMail(), page()];',
          '',
        ].join('\n'),
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'routes-import-only-their-module: apps/server/src/modules/delivery/delivery.routes.ts -> apps/server/src/modules/users/users.service.ts',
        'routes-reach-no-repository: apps/server/src/modules/delivery/delivery.routes.ts -> apps/server/src/modules/delivery/delivery.repository.ts',
        'routes-reach-no-repository: apps/server/src/modules/delivery/delivery.routes.ts -> apps/server/src/modules/delivery/delivery.sql.ts',
      ]);
    });
  });

  describe('web layers and the shared package', () => {
    it('refuses a feature that imports another feature or the app, and components or lib that import a feature', async () => {
      const root = tree({
        'apps/web/src/app/router.tsx': "import { Rides } from '../features/rides/components/rides';\nexport const router = () => Rides();\n",
        'apps/web/src/features/rides/components/rides.tsx': "import { useRides } from '../api/get-rides';\nexport const Rides = () => useRides();\n",
        'apps/web/src/features/rides/api/get-rides.ts': "import { api } from '../../../lib/api-client';\nexport const useRides = () => api();\n",
        'apps/web/src/features/messages/components/chat.tsx':
          "import { Rides } from '../../rides/components/rides';\nimport { router } from '../../../app/router';\nexport const Chat = () => [Rides(), router()];\n",
        'apps/web/src/lib/api-client.ts': 'export const api = () => 1;\n',
        'apps/web/src/components/ui/modal.tsx': "import { useRides } from '../../features/rides/api/get-rides';\nexport const Modal = () => useRides();\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'web-components-and-lib-import-no-feature: apps/web/src/components/ui/modal.tsx -> apps/web/src/features/rides/api/get-rides.ts',
        'web-feature-imports-no-app: apps/web/src/features/messages/components/chat.tsx -> apps/web/src/app/router.tsx',
        'web-feature-imports-no-other-feature: apps/web/src/features/messages/components/chat.tsx -> apps/web/src/features/rides/components/rides.tsx',
      ]);
    });

    it('refuses a shared file that imports anything of the apps', async () => {
      const root = tree({
        'apps/server/src/config.ts': 'export const port = 3000;\n',
        'packages/shared/src/constants.ts': "import { port } from '../../../apps/server/src/config.js';\nexport const PORT = port;\n",
      });
      expect(await findBoundaryViolations(root)).toEqual([
        'shared-imports-no-app: packages/shared/src/constants.ts -> apps/server/src/config.ts',
      ]);
    });
  });
});
