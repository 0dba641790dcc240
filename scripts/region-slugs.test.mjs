import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The regions are data (docs/decisions/regions-as-data.md): the product's code names none of them.
 * The specification's two may appear in the seed migration, in tests and in the tests' fixture,
 * in comments and in e-mail domains, but never as a value the code switches on, a key of a
 * constant list or a CSS selector.
 */
const REGION_SLUGS = ['cornell', 'nj'];

const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|html)$/;
const NOT_PRODUCT_CODE = [/\.test\.(ts|tsx|mjs)$/, /[\\/]test[\\/]/, /[\\/]fixtures[\\/]/, /[\\/]testing[\\/]/];

function filesUnder(root) {
  const full = path.join(repositoryRoot, root);
  if (statSync(full).isFile()) return [root];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(root, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(relative);
    return SOURCE_FILE.test(entry.name) ? [relative] : [];
  });
}

/** The file without its comments: block comments, and line comments that start a line or follow code. */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every use of a region's slug as code: a string of its own, an object key, or a selector's value. */
function regionSlugUses(text) {
  const code = withoutComments(text);
  const found = [];
  for (const slug of REGION_SLUGS) {
    const patterns = [
      new RegExp(`(['"\`])${slug}\\1`, 'g'),
      new RegExp(`(^|[{,\\s])${slug}\\s*:(?!:)`, 'gm'),
      new RegExp(`data-region=['"]?${slug}\\b`, 'g'),
      new RegExp(`\\b(case|===|!==)\\s*['"\`]${slug}['"\`]`, 'g'),
    ];
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) found.push(match[0].trim());
    }
  }
  return found;
}

describe('no region is written into the code', () => {
  it('finds a slug as a string, a key, a selector or a case', () => {
    expect(regionSlugUses(`const REGIONS = ['cornell', 'nj'];`)).toEqual(["'cornell'", "'nj'"]);
    expect(regionSlugUses('const colour = {\n  cornell: "#b31b1b",\n};')).toEqual(['cornell:']);
    expect(regionSlugUses('[data-region=nj] { --brand-600: blue; }')).toEqual(['data-region=nj']);
    expect(regionSlugUses("switch (region) { case 'nj': return 1; }")).toEqual(["'nj'", "case 'nj'"]);
    // Comments, domains and words that only contain a slug are not uses.
    expect(regionSlugUses("// the spec's cornell default\nconst domain = 'cornell.edu'; /* nj */ const enjoy = 'njit.edu';")).toEqual([]);
  });

  it("holds for every source file of the product outside the seed migration, the tests and their fixture", () => {
    const offenders = SOURCE_ROOTS.flatMap(filesUnder)
      .filter((file) => !NOT_PRODUCT_CODE.some((pattern) => pattern.test(file)))
      .flatMap((file) => regionSlugUses(readFileSync(path.join(repositoryRoot, file), 'utf8')).map((use) => `${file}: ${use}`));
    expect(offenders).toEqual([]);
  });
});
