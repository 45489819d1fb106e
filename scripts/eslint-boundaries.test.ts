import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });

/** Lints `code` as if it were the file at `filePath` (relative to the repository root); answers the rules that fired. */
async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('the boundary lint rules', { timeout: 60_000 }, () => {
  it('refuses a remote that imports another remote', async () => {
    expect(await rulesFired('mfe-admin/src/probe.ts', "export { cartSlice } from '../../mfe-pos/src/cart/cart-slice';\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuses a remote that imports the shell', async () => {
    expect(await rulesFired('mfe-pos/src/probe.ts', "export { ShellRoot } from '../../shell/src/app';\n")).toContain('import-x/no-restricted-paths');
  });

  it("refuses the shell importing a remote's source", async () => {
    expect(await rulesFired('shell/src/probe.ts', "export { default } from '../../mfe-pos/src/app';\n")).toContain('import-x/no-restricted-paths');
  });

  it("refuses a service that imports another service's source, also from a test", async () => {
    const code = "export { accountModel } from '../../../accounts/src/ledger/models/account.model';\n";
    expect(await rulesFired('services/checkout/src/sales/probe.ts', code)).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('services/checkout/src/sales/probe.int.test.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('lets a service test use the test stack, and no other service code', async () => {
    const code = "export { startCheckoutStack } from '@kassa/test-stack';\n";
    expect(await rulesFired('services/accounts/src/ledger/jobs/probe.int.test.ts', code)).toEqual([]);
    expect(await rulesFired('services/accounts/src/ledger/jobs/probe.ts', code)).toContain('no-restricted-imports');
  });

  it('refuses an import cycle', async () => {
    // checkout-steps imports checkout-slice, so checkout-slice importing checkout-steps closes a cycle.
    const fired = await rulesFired('mfe-pos/src/checkout/checkout-slice.ts', "export { startCheckout } from './checkout-steps';\n");
    expect(fired).toContain('import-x/no-cycle');
  });

  it('keeps the till feature folders one way: checkout may use the cart, not the other way round', async () => {
    expect(await rulesFired('mfe-pos/src/checkout/probe.ts', "export { selectCart } from '../cart/cart-slice';\n")).toEqual([]);
    expect(await rulesFired('mfe-pos/src/cart/probe.ts', "export { selectCheckoutBusy } from '../checkout/checkout-slice';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFired('mfe-pos/src/feedback/probe.ts', "export { selectCart } from '../cart/cart-slice';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('mfe-pos/src/offline/probe.ts', "export { TillPage } from '../till/till-page';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('mfe-pos/src/offline/probe.ts', "export { selectPendingCard } from '../checkout/checkout-slice';\n")).toEqual([]);
  });

  it('reads process.env only in config files, scripts and tests', async () => {
    expect(await rulesFired('services/checkout/src/sales/probe.ts', 'export const port = process.env.PORT;\n')).toContain('no-restricted-properties');
    expect(await rulesFired('mfe-pos/src/probe.ts', 'const { env } = process;\nexport const port = env.PORT;\n')).toContain('no-restricted-syntax');
    expect(await rulesFired('services/checkout/src/config.ts', 'export const port = process.env.PORT;\n')).toEqual([]);
    expect(await rulesFired('scripts/probe.ts', 'export const port = process.env.PORT;\n')).toEqual([]);
  });
});
