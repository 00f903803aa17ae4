// Layering (../shared/STYLE.md): core/ is common code — no Node built-ins, no DOM, no
// Electron; renderer/ is browser code — no Node, no Electron; only app/ hosts the core.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'url',
  'util',
  'stream',
  'events',
  'worker_threads',
  'process',
  'buffer',
  'readline',
  'zlib',
  'dns',
  'tls',
];

const corePatterns = [
  { group: nodeBuiltins, message: 'core/ is common code: no Node built-ins (STYLE.md layering).' },
  { group: ['electron', 'electron/*'], message: 'core/ is common code: no Electron.' },
  {
    group: ['react', 'react-dom', 'zustand', '**/renderer/**', '**/app/**'],
    message: 'core/ must not import the UI or the hosts.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules on the source folders, where they are cheap (each folder's own tsconfig)
    // and catch what the compiler lets through: a promise nobody awaits loses its rejection, and
    // an async function where a void callback is expected (an event handler) does too.
    files: ['core/**/*.ts', 'app/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: corePatterns }],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'process',
        'require',
        'Buffer',
        '__dirname',
        'localStorage',
        'navigator',
      ],
    },
  },
  {
    // The engine (R1–R15 and its backends) is the base of core/: the inspector helpers, the
    // host contract, the evaluator, the examples and the native formats build on it, never the
    // other way round.
    files: ['core/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...corePatterns,
            {
              group: [
                '**/inspect/**',
                '**/ipc/**',
                '**/audit/**',
                '**/eval/**',
                '**/examples/**',
                '**/formats/**',
                '**/policies/**',
                '**/records/**',
              ],
              message: 'core/engine/ imports nothing from the other core/ areas.',
            },
          ],
        },
      ],
    },
  },
  {
    // Policies (the approved policy file) sit on the engine alone, below the inspector, the
    // evaluator and the audit that all read them.
    files: ['core/policies/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...corePatterns,
            {
              group: ['**/inspect/**', '**/ipc/**', '**/audit/**', '**/eval/**', '**/examples/**', '**/formats/**'],
              message: 'core/policies/ builds on core/engine/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The audit record's schema (core/records) is a leaf on the engine and the format ids; the
    // inspector and the contract read it, and the audit (core/audit) builds on all three: the
    // layers read top-down, and nothing below core/audit imports it.
    files: ['core/inspect/**/*.ts', 'core/ipc/**/*.ts', 'core/records/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...corePatterns,
            {
              group: ['**/audit/**'],
              message: 'core/audit/ builds on core/inspect/, core/ipc/ and core/records/, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'renderer/ runs in a browser: no Node built-ins.' },
            {
              group: ['electron', 'electron/*', '**/app/**'],
              message: 'renderer/ talks to hosts only through its Bridge.',
            },
          ],
        },
      ],
    },
  },
);
