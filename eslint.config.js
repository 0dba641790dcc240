import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'apps/server/drizzle/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/admin-cli.ts'],
    rules: { 'no-console': 'error' },
  },
  // Module boundaries (docs/decisions/module-boundaries.md): a module's repository owns its tables;
  // another module goes through its service, or its public *.sql.ts query fragments. Inside a
  // module folder (modules are flat) a repository may be imported only as a sibling file,
  // './<name>.repository.js': another module's ('../rides/rides.repository.js') is an error. Outside
  // the module folders (app.ts, plugins, lib, db, test) no repository may be imported at all. Tests
  // get no exception: today they import only their own module's repository, and the shared
  // fixtures in src/test write through the API or the schema, not through a repository.
  // Nor may a module file re-export its repository's functions: that is the same import by
  // another name. A service that another module needs offers a function of its own; the row types
  // may be re-exported (`export type { UserRow } from`), as they reach no table.
  // The rules between folders (layers, routes, web features, cycles) are dependency-cruiser's
  // (scripts/import-cycles.mjs); these two are about what an import or an export statement says.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$).*\\.repository(\\.[cm]?[jt]s)?$',
              message: "Import the owning module's service (or its public *.sql.js fragments), not another module's repository.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportNamedDeclaration[exportKind='value'][source.value=/\\.repository(\\.[cm]?[jt]s)?$/] > ExportSpecifier[exportKind='value']",
          message: "Do not re-export a repository's functions: give the service a function of its own that other modules call.",
        },
        {
          selector: 'ExportAllDeclaration[source.value=/\\.repository(\\.[cm]?[jt]s)?$/]',
          message: "Do not re-export a repository's functions: give the service a function of its own that other modules call.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.repository(\\.[cm]?[jt]s)?$',
              message: "Import the owning module's service (or its public *.sql.js fragments), not a repository: only its own module imports it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
