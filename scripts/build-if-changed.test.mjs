import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildIsCurrent, stampBuild } from './build-if-changed.mjs';

describe("npm start's build check", () => {
  const roots = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A repository with one source of each workspace and the outputs of a build. */
  function repository() {
    const root = mkdtempSync(path.join(tmpdir(), 'carpool-build-check-'));
    roots.push(root);
    const write = (file, text) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('package-lock.json', '{}');
    write('packages/shared/src/texts.ts', 'export const A = 1;');
    write('apps/server/src/main.ts', 'console.log(1);');
    write('apps/web/src/main.tsx', 'export {};');
    write('apps/web/src/main.test.tsx', 'it("x", () => {});');
    for (const output of BUILD_OUTPUTS) write(output.includes('.') ? output : `${output}/index.js`, '');
    return { root, write };
  }

  it('builds when nothing was stamped, skips once stamped, and builds again when a source changes', () => {
    const { root, write } = repository();
    expect(buildIsCurrent(root)).toBe(false);
    stampBuild(root);
    expect(buildIsCurrent(root)).toBe(true);
    write('apps/server/src/main.ts', 'console.log(2);');
    expect(buildIsCurrent(root)).toBe(false);
    stampBuild(root);
    write('apps/server/src/new-module.ts', 'export {};');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('ignores a change to a test, and builds when an output is missing', () => {
    const { root, write } = repository();
    stampBuild(root);
    write('apps/web/src/main.test.tsx', 'it("y", () => {});');
    expect(buildIsCurrent(root)).toBe(true);
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
