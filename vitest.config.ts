import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const WEB_FILES = ['shell/src/**/*.test.{ts,tsx}', 'mfe-*/src/**/*.test.{ts,tsx}', 'libs/ui/src/**/*.test.{ts,tsx}', 'libs/api-client/src/**/*.test.{ts,tsx}'];

/**
 * The front-ends' component tests in jsdom. Building a jsdom and importing React and the store per file cost most of
 * their time, so the "web" project shares one environment per worker (isolate: false) and setup-dom.ts puts back what a
 * test may change (the DOM, storage, timers, stubbed globals); files that replace a module run isolated.
 */
function webProject(name: string, test: { isolate?: boolean; include?: string[]; exclude?: string[] }): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      globals: true,
      sequence: { groupOrder: 1 },
      environment: 'jsdom',
      include: test.include ?? WEB_FILES,
      exclude: test.exclude ?? ['**/node_modules/**'],
      isolate: test.isolate ?? true,
      setupFiles: ['./scripts/test/setup-dom.ts'],
      testTimeout: 15_000,
    },
  };
}

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
          // One module graph per worker, not per file: unit files share no state they do not reset themselves.
          isolate: false,
          include: ['libs/contracts/src/**/*.test.ts', 'libs/service-kit/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      webProject('web', { isolate: false, exclude: ['**/node_modules/**', '**/*.isolated.test.{ts,tsx}'] }),
      // A file that replaces a module (vi.mock) gets a fresh module graph of its own; the lint rule keeps vi.mock here.
      webProject('web-isolated', { include: WEB_FILES.map((glob) => glob.replace('*.test.', '*.isolated.test.')) }),
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
          // One module graph per worker: each file's stack is its own (own ports, databases, queue prefixes), and
          // importing mongoose, Fastify and a service's routes again for each of 89 files was 166 s of a 439 s run
          // (2 workers; 266 s shared). A third worker gained nothing: the two cores are the limit.
          isolate: false,
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
