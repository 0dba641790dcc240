import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * results/<name>.md, or <name>b.md, <name>c.md and so on when runs of the same day are there already:
 * a run never overwrites another's figures, which the README's sections cite by file.
 */
export function freeResultsFile(folder: string, name: string): string {
  for (const suffix of ['', ...'bcdefghijklmnopqrstuvwxyz']) {
    const file = path.join(folder, `${name}${suffix}.md`);
    if (!existsSync(file)) return file;
  }
  throw new Error(`bench/results has a file for every suffix of ${name}`);
}
