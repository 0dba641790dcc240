import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are. This module sits at the top of the code's folder: `src/` when run
 * from source, `dist/` when built, and the built server's bundle (`dist/server.js`, made by
 * `scripts/bundle-server.mjs`, which inlines this module) sits there too. So the paths below are
 * the same whichever of the three runs; a path relative to another module's own `import.meta.url`
 * would not be, once that module is inside the bundle.
 */
const here = fileURLToPath(import.meta.url);

/** `src/` from source, `dist/` when built. */
export const CODE_DIR = path.dirname(here);
/** `.ts` from source, `.js` when built: the extension of a sibling module to start in a child process. */
export const CODE_EXTENSION = path.extname(here);
/** The server package's folder (`apps/server`). */
export const SERVER_PACKAGE_DIR = path.dirname(CODE_DIR);
