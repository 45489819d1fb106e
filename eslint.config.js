import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-pos', 'mfe-account', 'mfe-admin', 'mfe-slides'];
const SERVICES = ['accounts', 'catalog', 'checkout', 'gateway', 'payments'];

/**
 * Feature folders of the till, one way: a folder imports only from folders in later layers (or its own). `till` is the
 * page that composes them; `pending-card` shows checkout's state; `checkout` sells what `cart` holds, and `offline`
 * keeps a sale checkout cannot send and sends it later (the two use each other); the last layer's folders never
 * import each other.
 */
const POS_LAYERS = [['till'], ['pending-card'], ['checkout', 'offline'], ['accounts', 'card-reader', 'cart', 'feedback', 'products']];

/**
 * Feature folders of the admin, one way: a page's folder imports from the features it shows and from `shared`, never
 * from another page; a feature (a panel or API more than one page uses) only from `shared`; folders of one layer never
 * import each other. Tests may render a neighbouring page.
 */
const ADMIN_LAYERS = [
  ['account-requests', 'accounts', 'audit-logs', 'bar', 'categories', 'direct-debit', 'exact', 'ideal', 'invoices', 'ledger-audit', 'registers', 'transactions'],
  ['approvals', 'products', 'settings', 'users'],
  ['shared', 'testing'],
];

const others = (list, self) => list.filter((x) => x !== self);

/** Zones that keep the feature folders of `app` in `layers` one way; `apart(i)`: the folders of layer i import none of each other. */
const layerZones = (app, layers, message, apart) =>
  layers.flatMap((layer, i) =>
    layer.map((feature) => ({
      target: `./${app}/src/${feature}`,
      from: [...layers.slice(0, i).flat(), ...(apart(i) ? others(layer, feature) : [])].map((f) => `./${app}/src/${f}`),
      message,
    })),
  );

const boundaryZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: ['./shell', ...others(REMOTES, remote).map((r) => `./${r}`)],
    message: 'A remote imports neither another remote nor the shell: share through libs/ or the store.',
  })),
  { target: './shell', from: REMOTES.map((r) => `./${r}`), message: 'The shell loads remotes through Module Federation, never their source.' },
  ...SERVICES.map((service) => ({
    target: `./services/${service}`,
    from: others(SERVICES, service).map((s) => `./services/${s}`),
    message: 'A service talks to another over HTTP or queues; shared conventions go to libs/contracts.',
  })),
  {
    target: './libs',
    from: ['./shell', './services', './testing', ...REMOTES.map((r) => `./${r}`)],
    message: 'A library depends on no app or service.',
  },
  ...layerZones(
    'mfe-pos',
    POS_LAYERS,
    'Till feature folders import one way: till -> pending-card -> checkout, offline -> cart, accounts, feedback, products, card-reader.',
    (i) => i === POS_LAYERS.length - 1,
  ),
].filter((zone) => zone.from.length > 0);

const adminZones = layerZones('mfe-admin', ADMIN_LAYERS, 'Admin folders import one way: a page -> the features it shows (approvals, products, settings, users) -> shared; never a neighbour.', () => true);

/** Where the environment may be read: one config file per app or service, and what runs around them. */
const ENV_READERS = [
  '**/config.ts',
  '**/*.config.{ts,js,mjs}',
  '**/rspack.config.*',
  '**/*.command.ts',
  '**/testing.ts',
  '**/testing/**',
  'testing/**',
  '**/*.test.{ts,tsx}',
  'scripts/**',
  'bench/**',
  'e2e/**',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.tools/**', 'test-results/**', 'playwright-report/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in the config file (config.ts) and pass it on.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "VariableDeclarator[init.type='Identifier'][init.name='process'] > ObjectPattern > Property[key.name='env']",
          message: 'Read the environment in the config file (config.ts) and pass it on.',
        },
      ],
    },
  },
  {
    files: ['mfe-admin/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...boundaryZones, ...adminZones] }] },
  },
  {
    // Cycles inside the apps, services and libraries; type-only imports leave no cycle at run time.
    files: ['{shell,mfe-*,services/*,libs/*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@kassa/test-stack', '@kassa/test-stack/*'], message: 'The test stack is for tests only.' }] }],
    },
  },
  {
    files: ENV_READERS,
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    // The "web" and "unit" test projects share one module graph per worker (vitest.config.ts): a file that replaces a
    // module would replace it for the files after it. Such a file is named *.isolated.test.* and runs on its own.
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Name the file *.isolated.test.tsx: a mocked module must not leak into the next file.' },
        { object: 'vi', property: 'doMock', message: 'Name the file *.isolated.test.tsx: a mocked module must not leak into the next file.' },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'testing/probes/**', 'e2e/**', '**/*.mjs', '**/rspack.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
