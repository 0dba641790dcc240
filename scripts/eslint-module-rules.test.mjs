import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The module rules of eslint.config.js (docs/decisions/module-boundaries.md), run on planted text
 * as if it were the given file of the server: what an import or an export statement may name.
 */
async function moduleRuleMessages(file, text) {
  const eslint = new ESLint({ cwd: repositoryRoot });
  const [result] = await eslint.lintText(text, { filePath: path.join(repositoryRoot, 'apps/server/src', file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((message) => `${message.line}: ${message.ruleId}`);
}

describe('the module rules of `npm run lint`', () => {
  it("refuses a service that re-exports its repository's functions, and lets it re-export the row types", { timeout: 30_000 }, async () => {
    const text = [
      "export { findUserById } from './users.repository.js';",
      "export type { UserRow } from './users.repository.js';",
      "export { type UserWithCounts, searchUsers } from './users.repository.js';",
      "export * from './users.repository.js';",
      "export { toPublicUser } from './users.mapper.js';",
      '',
    ].join('\n');
    expect(await moduleRuleMessages('modules/users/users.service.ts', text)).toEqual([
      '1: no-restricted-syntax',
      '3: no-restricted-syntax',
      '4: no-restricted-syntax',
    ]);
  });

  it("refuses another module's repository, and any repository outside the modules; lets a module import its own", { timeout: 30_000 }, async () => {
    const inModule = [
      "import { findUserById } from '../users/users.repository.js';",
      "import { findDevMail } from './delivery.repository.js';",
      "import { findUser } from '../users/users.service.js';",
      'export const all = [findUserById, findDevMail, findUser];',
      '',
    ].join('\n');
    expect(await moduleRuleMessages('modules/delivery/delivery.service.ts', inModule)).toEqual(['1: no-restricted-imports']);
    const inPlugin = "import { findUserById } from '../modules/users/users.repository.js';\nexport const find = findUserById;\n";
    expect(await moduleRuleMessages('plugins/auth.ts', inPlugin)).toEqual(['1: no-restricted-imports']);
  });
});
