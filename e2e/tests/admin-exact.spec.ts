import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiToken, resizeShell, signIn } from './helpers';
import { callApi, ownProduct } from './till-helpers';

/**
 * The accounting export on the real system with the stand-in Exact Online: the treasurer connects (consent page and
 * back to /admin/exact/oauth/success), maps a ledger, is refused while one has no code, exports yesterday and
 * downloads today's journal as CSV with Dutch decimals.
 *
 * Which day: each run starts on a fresh database, so yesterday holds no sales and its export books an empty day
 * ("1 without sales"); the spec cannot make sales in the past. Its own sale is made today, and today's journal is
 * read from the CSV download (a download books nothing, so it may include the open day). Booking days with figures
 * is covered by services/payments/src/accounting/routes/admin/exact/exact-export.int.test.ts on a test clock.
 */

/** Debit and credit of each CSV line ("12,50" with Dutch decimals), in cents. */
function parseNl(csv: string) {
  const [header, ...rows] = csv.trim().split('\r\n');
  const cents = (v: string) => (v ? Math.round(Number(v.replace(',', '.')) * 100) : 0);
  return {
    header: header!,
    rows: rows.map((r) => {
      const f = r.split(';');
      return { day: f[0]!, ledger: f[2]!, code: f[3]!, description: f[4]!, debit: cents(f[6]!), credit: cents(f[7]!) };
    }),
  };
}
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

async function journalCsv(baseURL: string, token: string, day: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/admin/exact/journal.csv?start=${day}&end=${day}&decimals=nl`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.text();
}
const cashIn = (csv: string) => parseNl(csv).rows.filter((r) => r.ledger === 'Cash box').reduce((sum, r) => sum + r.debit - r.credit, 0);

async function setLedgerCode(page: Page, ledger: string, code: string) {
  await page.getByRole('button', { name: `Change ${ledger}` }).click();
  const form = page.getByRole('dialog', { name: `Ledger: ${ledger}` });
  await form.getByLabel('Accounting code').fill(code);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
}

test('connect the stand-in Exact Online, map, export yesterday and download the journal as CSV', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!, 'admin');
  const till = await apiToken(baseURL!, 'till');
  const day = today();
  const before = cashIn(await journalCsv(baseURL!, admin, day));
  const product = await ownProduct(baseURL!, 'Exact Pils', 275);
  const sale = await callApi(baseURL!, 'POST', '/api/checkout/cash/', till, { products: [{ id: product.id, amount: 2 }], nonce: `e2e-exact-${Date.now()}` });
  expect(sale.status).toBe(200);

  await signIn(page, 'admin');
  await page.goto('/admin/exact/setup');
  await expect(page.getByRole('heading', { name: 'Exact Online setup', level: 1 })).toBeVisible();
  await expect(page.getByText('Not connected')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('setup-1440.png'), fullPage: true });

  // Connect: the stand-in consent page, "Allow", and back through /admin/exact/oauth/success.
  await page.getByRole('button', { name: 'Connect to Exact Online' }).click();
  await expect(page.getByRole('heading', { name: 'Give Kassa access?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/admin\/exact\/setup$/);
  await expect(page.getByRole('status').filter({ hasText: 'Connected to Stand-in administration.' })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(/Connected by admin on \d{1,2} [a-z]+ \d{4}/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('setup-connected-1440.png'), fullPage: true });

  await page.getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exact Online', level: 1 })).toBeVisible();

  // A ledger without a code refuses the export with the list of what to map; mapping it lets the export run.
  await setLedgerCode(page, 'Cash box', '');
  await expect(page.getByRole('row').filter({ hasText: 'Cash box' })).toContainText('no code');
  await page.getByRole('button', { name: 'Export to Exact Online' }).click();
  await page.getByRole('dialog', { name: 'Export to Exact Online' }).getByRole('button', { name: 'Export' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'map these ledgers' });
  await expect(refusal).toContainText('Cash box has no accounting code.');
  await setLedgerCode(page, 'Cash box', '1000');
  await expect(page.getByRole('row').filter({ hasText: 'Cash box' }).getByRole('cell').nth(1)).toContainText('1000');

  // Export yesterday (the form's default).
  const confirm = page.getByRole('dialog', { name: 'Export to Exact Online' });
  await page.getByRole('button', { name: 'Export to Exact Online' }).click();
  await expect(confirm).toContainText('one journal entry per day');
  await confirm.getByRole('button', { name: 'Export' }).click();
  const history = page.getByRole('region', { name: 'History' });
  const row = history.getByRole('row').nth(1);
  await expect(row.getByText('Done')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/1 (without sales|booked)/);

  // Today's journal as CSV with Dutch decimals: balanced, and the cash box took exactly this spec's sale more.
  await page.getByLabel('First day').fill(day);
  await page.getByLabel('Last day').fill(day);
  await expect(page.getByLabel('Dutch decimals (12,50; columns split by ;)')).toBeChecked();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`kassa-journal-${day}-${day}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  const parsed = parseNl(csv);
  expect(parsed.header).toBe('date;reference;ledger;code;description;vat_rate;debit;credit');
  expect(parsed.rows.every((r) => r.day === day)).toBe(true);
  const debits = parsed.rows.reduce((sum, r) => sum + r.debit, 0);
  expect(debits).toBeGreaterThan(0);
  expect(parsed.rows.reduce((sum, r) => sum + r.credit, 0)).toBe(debits);
  expect(cashIn(csv) - before).toBe(550);
  expect(csv).toMatch(/;\d+,\d{2};/);

  await page.screenshot({ path: test.info().outputPath('exact-1440.png'), fullPage: true });
  await resizeShell(page, { width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('exact-390.png'), fullPage: true });
  await page.goto('/admin/exact/setup');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('setup-390.png'), fullPage: true });
  await product.hide();
});
