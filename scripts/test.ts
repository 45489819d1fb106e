/**
 * `npm test`: every check, in order of cost: types, lint, a fresh production build of the front-ends, unit + component +
 * integration tests (vitest, real FerretDB and Redis; the bundle budget reads that build), then the end-to-end tests in
 * Chromium against the running system and, beside them, the production images' install and start
 * (`npm run test:prod`). Ends with one line "N passed, N failed" over all test cases. Steps by name: typecheck, lint,
 * vitest, e2e, prod (`npx tsx scripts/test.ts e2e prod`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { staleReason } from './lib/frontend-builds';
import { ROOT } from './lib/local-mongo';
import { FRONTENDS } from './lib/processes';

const outDir = join(ROOT, '.data', 'test-reports');
mkdirSync(outDir, { recursive: true });
const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n[test] ${step}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  console.log(`[test] ${step}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (!ok) failures.push(step);
  return ok;
}

// The names of the failed tests, repeated at the very end: a CI log is often read from its tail only.
const failedTests: string[] = [];
const firstLine = (text: string | undefined) => stripVTControlCharacters(text ?? '').trim().split('\n')[0]?.slice(0, 300) ?? '';

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults) {
    const where = result.name.replace(`${ROOT}/`, '');
    const failedCases = result.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failedCases) failedTests.push(`vitest ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (result.status === 'failed' && failedCases.length === 0) failedTests.push(`vitest ${where}: ${firstLine(result.message)}`);
  }
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
};

function failedSpecs(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((t) => t.results.filter((r) => r.status !== 'passed' && r.status !== 'skipped'))
      .map((r) => `e2e ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(r.error?.message)}`),
  );
  return [...own, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightSuite & { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  // With retries off there is no "flaky"; should one appear, it counts as the failure it is. No spec is skipped on
  // purpose: a skipped one was left out after a failure in the parallel project (e2e/playwright.config.ts), not passed.
  passed += report.stats.expected;
  failed += report.stats.unexpected + report.stats.flaky + report.stats.skipped;
  failedTests.push(...failedSpecs(report));
  if (report.stats.skipped) failedTests.push(`e2e: ${report.stats.skipped} not run (the specs run alone wait for the parallel and serial ones to pass)`);
}

/** Runs a command with its output kept, not printed (a step run beside another prints it whole afterwards). */
function collect(cmd: string, args: string[]): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!ok) output += `(exit ${code ?? signal})\n`;
      resolve({ ok, output, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/**
 * Steps that only read the sources (types, lint) run side by side: each is mostly one core's work. Their output is
 * printed whole, one step after the other, so the log reads as if they had run in turn.
 */
async function runTogether(steps: { step: string; cmd: string; args: string[] }[]): Promise<void> {
  const results = await Promise.all(steps.map(async ({ step, cmd, args }) => ({ step, line: `${cmd} ${args.join(' ')}`, ...(await collect(cmd, args)) })));
  const seconds = Math.max(0, ...results.map((r) => r.seconds));
  for (const { step, line, output, ok } of results) {
    console.log(`\n[test] ${step}: ${line}`);
    if (output) process.stdout.write(output);
    console.log(`[test] ${step}: ${ok ? 'ok' : 'FAILED'} (${seconds} s, beside the other checks)`);
    if (!ok) failures.push(step);
  }
}

await runTogether(
  [
    { step: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { step: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  ].filter(({ step }) => want(step)),
);

// The front-ends are built before vitest: scripts/bundle-budget.test.ts reads this build (shell plus till initial
// JavaScript within 250 KB gzipped), and the end-to-end tests run against it.
// A front-end whose build is newer than everything it is made from (scripts/lib/frontend-builds.ts, as `npm start`
// decides) is not built again: a developer's second run skips the build; a fresh clone builds all five.
const built = want('vitest') || want('e2e') ? buildStaleFrontends() : false;

function buildStaleFrontends(): boolean {
  const stale = FRONTENDS.filter((app) => process.env.KASSA_REBUILD === '1' || staleReason(ROOT, app) !== null);
  if (stale.length === 0) {
    console.log('\n[test] build: every front-end is newer than its sources, not built again (KASSA_REBUILD=1 builds them)');
    return true;
  }
  return run('build', 'npm', ['run', 'build', ...stale.flatMap((app) => ['-w', app])]);
}

if (want('vitest')) {
  const file = join(outDir, 'vitest.json');
  rmSync(file, { force: true });
  run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  countVitest(file);
}

/**
 * The production images' check (`npm run test:prod`: a clean copy installed and built as the Dockerfile does, each
 * service started with NODE_ENV=production) runs beside the end-to-end specs that time a person's taps, which come
 * last (e2e/playwright.config.ts, "alone") and leave a core idle while their taps wait on the clock; before, beside the
 * parallel and serial specs, it took its CPU from two busy cores. It runs at the lowest priority (nice 19), so the
 * browser and the system the taps go to are served first whenever both want a core. It starts once the list reporter
 * has printed the first tapping spec, or after the end-to-end step should none come (a failure before them, or no
 * end-to-end step asked for), and its output is printed whole after the end-to-end output.
 */
async function e2eBesideProd(): Promise<void> {
  const e2e = want('e2e') && built;
  const prod = want('prod');
  // Declared wider than its first value: it is set inside startProd, which narrowing cannot see.
  let prodRun = null as ReturnType<typeof collect> | null;
  const startProd = (beside: boolean) => {
    if (!prod || prodRun) return;
    console.log(`\n[test] prod: nice -n 19 npx tsx scripts/test-prod.ts${beside ? ' (beside the tapping specs; its output follows theirs)' : ''}`);
    prodRun = collect('nice', ['-n', '19', 'npx', 'tsx', 'scripts/test-prod.ts']);
  };
  if (e2e) {
    const file = join(outDir, 'playwright.json');
    rmSync(file, { force: true });
    console.log('\n[test] e2e: npx playwright test -c e2e/playwright.config.ts');
    const started = Date.now();
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        cwd: ROOT,
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        if (/\[alone\]/.test(chunk.toString())) startProd(true);
      });
      child.on('close', (code) => resolve(code === 0));
    });
    console.log(`[test] e2e: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    if (!ok) failures.push('e2e');
    countPlaywright(file);
  }
  startProd(false);
  if (prodRun) {
    const { ok, output, seconds } = await prodRun;
    process.stdout.write(output);
    console.log(`[test] prod: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
    if (!ok) failures.push('prod');
  }
}

await e2eBesideProd();

for (const line of failedTests) console.log(`[test] failed: ${line}`);
console.log(`\n[test] ${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
