// Builds FerretDB (a MongoDB-wire server) into .tools/bin with Go, so `npm start` and the tests have a
// database without Docker. It does not fail the install (a production image installs with MONGODB_URI in mind), but
// without it `npm start` and `npm test` stop and say why.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, '.tools', 'bin', 'ferretdb');
const moduleDir = join(root, 'scripts', 'ferretdb');

if (process.env.KASSA_SKIP_FERRETDB_BUILD) process.exit(0);
if (existsSync(bin)) {
  console.log(`[kassa] FerretDB already built at ${bin}`);
  process.exit(0);
}
const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.status !== 0) {
  console.warn('\n[kassa] WARNING: Go is not installed, so FerretDB cannot be built.');
  console.warn('[kassa] npm start and npm test need it: install Go (apt-get install golang) and run npm install again, or set MONGODB_URI.\n');
  process.exit(0);
}
mkdirSync(dirname(bin), { recursive: true });
console.log(`[kassa] building FerretDB 1.24.2 with ${go.stdout.trim()} (first time takes a few minutes)...`);
try {
  // KASSA_FERRETDB_NO_SQLITE=1 (set by .ci/run) leaves out FerretDB's SQLite backend, about a fifth of the build's time
  // (modernc.org/sqlite, SQLite translated to Go; 78 -> 62 s on an empty Go cache): the tests refuse FerretDB on SQLite, so CI's binary needs PostgreSQL
  // only. `npm install` keeps it, for `npm start` on a machine without PostgreSQL.
  const tags = process.env.KASSA_FERRETDB_NO_SQLITE === '1' ? ['-tags=ferretdb_no_sqlite'] : [];
  execFileSync('go', ['build', '-trimpath', ...tags, '-o', bin, '.'], {
    cwd: moduleDir,
    stdio: 'inherit',
    env: { ...process.env, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' },
  });
  console.log(`[kassa] FerretDB built: ${bin}`);
} catch (err) {
  console.warn(`\n[kassa] WARNING: building FerretDB failed (${err.message}).`);
  console.warn('[kassa] npm start and npm test need it: fix the error above and run npm install again, or set MONGODB_URI.\n');
}
