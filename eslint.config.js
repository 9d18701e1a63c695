import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// ---------- Server domain zones (docs/architecture.md, decision 030) ----------
// server/<domain>/ folders talk to each other only through their public surface, server/<domain>/index.ts.
// The kernel (http, db, security, mail, jobs, redis, kernel, config, logger) serves every domain and imports none. The composition
// root (composition.ts, app.ts) and the tests see domains through their index.ts too.

const SERVER_DOMAINS = [
  'accounts',
  'admin-status',
  'audit',
  'blocklist',
  'books',
  'cashdesk',
  'catalogue',
  'home',
  'media',
  'orders',
  'player-limits',
  'push',
  'realtime',
  'recovery',
  'settings',
  'sms',
  'telegram',
  'tickets',
  'webhooks',
];
const SERVER_KERNEL = [
  'server/http/**/*.ts',
  'server/db/**/*.ts',
  'server/security/**/*.ts',
  'server/mail/**/*.ts',
  'server/jobs/**/*.ts',
  'server/redis/**/*.ts',
  'server/kernel/**/*.ts',
  'server/config.ts',
  'server/logger.ts',
];
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
            {
              regex: '^(?:\\.\\./)+(?:composition|app)\\.js$',
              message: 'Domains never import the composition root: it hands them what they use.',
            },
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
        {
          patterns: [
            {
              regex: `^\\./${anyOf(SERVER_DOMAINS)}${notIndex}`,
              message: "Wire a domain through its public surface ('./<domain>/index.js').",
            },
          ],
        },
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

const root = fileURLToPath(new URL('.', import.meta.url));

// ---- Client import boundaries (bulletproof-react): shared → features → app ----------------------------------
// Shared code (components, lib, config, i18n, assets) imports no feature and not the app; a feature imports
// shared code and itself, never another feature or the app; only app/ composes features. Every folder under
// client/src/features is a feature, so a new one is covered without touching this file. The resolver must know
// .ts/.tsx: an import it cannot resolve is skipped silently (client/src/import-boundaries.test.ts guards that).
const clientFeatures = fs
  .readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientBoundaries = {
  files: ['client/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          ...['components', 'lib', 'config', 'i18n', 'assets'].map((folder) => ({
            target: `./client/src/${folder}`,
            from: ['./client/src/features', './client/src/app'],
            message:
              'Shared client code must not import features or the app: move the piece into shared code, or pass it in.',
          })),
          {
            target: './client/src/features',
            from: './client/src/app',
            message: 'A feature must not import the app; the app composes features.',
          },
          ...clientFeatures.map((feature) => ({
            target: `./client/src/features/${feature}`,
            from: './client/src/features',
            except: [`./${feature}`],
            message:
              'A feature must not import another feature: move what both need into components/, lib/ or i18n/, or compose them in app/.',
          })),
          {
            target: './client/src',
            from: './server',
            message: 'The client talks to the server over HTTP and sockets; shared types come from #shared/*.',
          },
        ],
      },
    ],
  },
};
// Reads go through the client's query layer (lib/query.ts), which hands TanStack the shop's one QueryClient: a
// component that took `useQuery` from the package itself found no provider and crashed the checkout.
const clientQueryLayer = {
  files: ['client/src/**/*.{ts,tsx}'],
  ignores: ['client/src/lib/query.ts', 'client/src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@tanstack/react-query',
            importNames: [
              'useQuery',
              'useQueries',
              'useSuspenseQuery',
              'useInfiniteQuery',
              'useMutation',
              'useQueryClient',
            ],
            message: "Use the query layer ('lib/query'): it carries the shop's QueryClient.",
          },
        ],
      },
    ],
  },
};
// ---- end of client import boundaries --------------------------------------------------------------------------

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

  clientBoundaries,
  clientQueryLayer,
  {
    // The shared contract must stay free of Node, Prisma and React.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react*', '@prisma/*', '*/generated/*', 'express*'] }],
    },
  },
);
