import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'unit',
          globals: true,
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['libs/contracts/src/**/*.test.ts', 'libs/service-kit/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'web',
          globals: true,
          sequence: { groupOrder: 1 },
          environment: 'jsdom',
          include: ['shell/src/**/*.test.{ts,tsx}', 'mfe-*/src/**/*.test.{ts,tsx}', 'libs/ui/src/**/*.test.{ts,tsx}', 'libs/api-client/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          setupFiles: ['./scripts/test/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          globals: true,
          // The services' route files are found by @fastify/autoload (service-kit's registerRoutes): it imports them
          // through vitest, which transforms TypeScript, only when vitest runs autoload itself.
          server: { deps: { inline: ['@fastify/autoload'] } },
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['services/*/src/**/*.int.test.ts', 'libs/service-kit/src/**/*.int.test.ts'],
          globalSetup: ['./scripts/test/global-mongo.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A test that passes only on a second try is a bug to find, not a pass: never retried.
          retry: 0,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Scripts run as a volunteer runs them (`npm run dev`): the whole system on its own ports and database.
          name: 'scripts',
          globals: true,
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['scripts/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 600_000,
          hookTimeout: 60_000,
          retry: 0,
        },
      },
    ],
  },
});
