import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleReason } from './frontend-builds';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'kassa-builds-'));
  for (const dir of ['mfe-pos/src', 'mfe-pos/dist', 'libs/ui/src', 'libs/api-client/src', 'libs/contracts/src', 'scripts/rspack']) mkdirSync(join(root, dir), { recursive: true });
  return root;
}
const write = (root: string, file: string, at: number) => {
  writeFileSync(join(root, file), 'x');
  utimesSync(join(root, file), at / 1000, at / 1000);
};

describe('staleReason', () => {
  it('says a front-end without a build must be built', () => {
    expect(staleReason(tree(), 'mfe-pos')).toBe('not built yet');
  });

  it('serves a build that is newer than its sources', () => {
    const root = tree();
    write(root, 'mfe-pos/src/till.tsx', 1_000_000);
    write(root, 'mfe-pos/dist/mf-manifest.json', 2_000_000);
    expect(staleReason(root, 'mfe-pos')).toBeNull();
  });

  it('rebuilds when its own sources or a shared library changed after the build, but not for a test file', () => {
    const root = tree();
    write(root, 'mfe-pos/dist/mf-manifest.json', 2_000_000);
    write(root, 'mfe-pos/src/till.test.tsx', 3_000_000);
    expect(staleReason(root, 'mfe-pos')).toBeNull();
    write(root, 'libs/ui/src/snackbar.tsx', 3_000_000);
    expect(staleReason(root, 'mfe-pos')).toBe('libs/ui/src changed since the last build');
    write(root, 'libs/ui/src/snackbar.tsx', 1_000_000);
    write(root, 'mfe-pos/src/till.tsx', 3_000_000);
    expect(staleReason(root, 'mfe-pos')).toBe('mfe-pos changed since the last build');
  });
});
