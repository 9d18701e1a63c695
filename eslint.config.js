import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---------- Server domain zones (docs/architecture.md, decision 030) ----------
// server/<domain>/ folders talk to each other only through their public surface, server/<domain>/index.ts.
// The kernel (http, db, security, mail, config, logger) serves every domain and imports none. The composition
// root (composition.ts, app.ts) and the tests see domains through their index.ts too.
const SERVER_DOMAINS = ['accounts', 'admin-status', 'catalogue', 'home', 'media', 'orders', 'realtime', 'recovery', 'tickets'];
const SERVER_KERNEL = ['server/http/**/*.ts', 'server/db/**/*.ts', 'server/security/**/*.ts', 'server/mail/**/*.ts', 'server/config.ts', 'server/logger.ts'];
const anyOf = (names) => `(?:${names.join('|')})`;
const notIndex = '/(?!index\\.js$)';
const serverZones = [
  ...SERVER_DOMAINS.map((domain) => ({
    files: [`server/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+${anyOf(SERVER_DOMAINS.filter((d) => d !== domain))}${notIndex}`,
              message: "Import another domain through its public surface ('../<domain>/index.js'), not its internals.",
            },
            { regex: '^(?:\\.\\./)+(?:composition|app)\\.js$', message: 'Domains never import the composition root: it hands them what they use.' },
          ],
        },
      ],
    },
  })),
  {
    files: SERVER_KERNEL,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\./|(?:\\.\\./)+)(?:${anyOf(SERVER_DOMAINS)}/|composition\\.js$|app\\.js$)`,
              message: 'The kernel serves every domain and imports none; take what you need as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/composition.ts', 'server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^\\./${anyOf(SERVER_DOMAINS)}${notIndex}`, message: "Wire a domain through its public surface ('./<domain>/index.js')." }] },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+server/${anyOf(SERVER_DOMAINS)}${notIndex}`,
              message: "Tests drive a domain through HTTP, sockets or its public surface ('server/<domain>/index.js').",
            },
          ],
        },
      ],
    },
  },
];
// ---------- end of server domain zones ----------

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'server/generated', 'data', 'coverage', 'tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...serverZones,
  {
    // The shared contract must stay free of Node, Prisma and React.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react*', '@prisma/*', '*/generated/*', 'express*'] }],
    },
  },
);
