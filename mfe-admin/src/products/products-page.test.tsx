import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, refused, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { YearChart } from './product-sales';
import { parsePrice, ProductsPage } from './products-page';

afterEach(() => vi.unstubAllGlobals());

const bier = { id: 'c'.repeat(24), name: 'Bier', colour: '#f5b301', position: 0, productCount: 1 };
const pils = { id: 'a'.repeat(24), name: 'Pils', price: 250, categoryId: bier.id, deposit: false, depositAmount: 0, position: 0, hidden: false, vatRate: 21, adultsOnly: false };

function stubApi(save?: () => Response) {
  return stubAdminApi((call) => {
    if (call.path.endsWith('/admin/categories/')) return json(200, ok({ categories: [bier] }));
    if (call.method === 'POST' && save) return save();
    if (call.method === 'POST') return json(200, ok({ ...pils, ...(call.body as object), id: 'b'.repeat(24) }));
    return json(200, ok({ items: [pils], pageCount: 1, total: 1 }));
  });
}

describe('/admin/products', { timeout: 20_000 }, () => {
  it('lists products with category, price and VAT, 15 a page, filters from the URL', async () => {
    const calls = stubApi();
    renderAdmin(<ProductsPage />, '/admin/products?search=pi');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Pils');
    expect(rows[1]).toHaveTextContent('€ 2,50');
    expect(rows[1]).toHaveTextContent('21 %');
    const list = calls.find((c) => c.path.endsWith('/admin/products/'))!;
    expect(list.query.get('perPage')).toBe('15');
    expect(list.query.get('search')).toBe('pi');
  });

  it('creates a product in cents after a line for a price that is not a number', async () => {
    const calls = stubApi();
    renderAdmin(<ProductsPage />, '/admin/products');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const form = screen.getByRole('dialog', { name: 'New product' });
    await user.type(within(form).getByLabelText('Name'), 'Test Pils');
    await user.type(within(form).getByLabelText('Price (€)'), '2,3x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Price (€)')).toHaveAccessibleDescription('Please enter a valid number.');
    await user.clear(within(form).getByLabelText('Price (€)'));
    await user.type(within(form).getByLabelText('Price (€)'), '2,35');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Test Pils', price: 235, categoryId: bier.id, vatRate: 21 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Test Pils is saved at € 2,35.');
  });

  it('sends the deposit per unit in cents, refuses a negative one under its field', async () => {
    const calls = stubApi();
    renderAdmin(<ProductsPage />, '/admin/products');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const form = screen.getByRole('dialog', { name: 'New product' });
    await user.type(within(form).getByLabelText('Name'), 'Krat pils');
    await user.type(within(form).getByLabelText('Price (€)'), '14,50');
    const deposit = within(form).getByLabelText('Deposit (€, statiegeld per unit)');
    await user.type(deposit, '-3,90');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(deposit).toHaveAccessibleDescription('A deposit cannot be below € 0,00.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(deposit);
    await user.type(deposit, '3,90');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Krat pils', price: 1450, depositAmount: 390 }));
  });

  it('shows the deposit amount as a tag on a product with one', async () => {
    stubAdminApi((call) => {
      if (call.path.endsWith('/admin/categories/')) return json(200, ok({ categories: [bier] }));
      return json(200, ok({ items: [{ ...pils, name: 'Krat pils', deposit: true, depositAmount: 390 }], pageCount: 1, total: 1 }));
    });
    renderAdmin(<ProductsPage />, '/admin/products');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Deposit € 3,90');
  });

  it("puts the server's 422 lines under the field each names, and the others above the form", async () => {
    stubApi(() =>
      refused(
        { loc: ['body', 'price'], msg: 'A price cannot be above € 1.000,00.', type: 'value_error' },
        { loc: ['body', 'position'], msg: 'expected int', type: 'type_error.int' },
      ),
    );
    renderAdmin(<ProductsPage />, '/admin/products');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const form = screen.getByRole('dialog', { name: 'New product' });
    await user.type(within(form).getByLabelText('Name'), 'Test Pils');
    await user.type(within(form).getByLabelText('Price (€)'), '2,35');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Price (€)')).toHaveAccessibleDescription('A price cannot be above € 1.000,00.'));
    expect(within(form).getByLabelText('Name')).not.toHaveAccessibleDescription();
    expect(within(form).getByRole('alert')).toHaveTextContent("Expected 'position' to be of type 'int'.");
  });
});

describe('parsePrice and the year chart', () => {
  it('refuses text, below zero and above € 1.000 with the server lines', () => {
    expect(parsePrice('2,35')).toEqual({ cents: 235 });
    expect(parsePrice('0')).toEqual({ cents: 0 });
    expect(parsePrice('2,3x')).toEqual({ error: 'Please enter a valid number.' });
    expect(parsePrice('-1')).toEqual({ error: 'A price cannot be below € 0,00.' });
    expect(parsePrice('1000,01')).toEqual({ error: 'A price cannot be above € 1.000,00.' });
  });

  it('draws one bar per day with sales, at its day of the year', () => {
    const { container } = renderAdmin(<YearChart year={2026} days={[{ day: '2026-01-01', count: 1 }, { day: '2026-11-24', count: 2 }]} />, '/');
    const bars = container.querySelectorAll('rect');
    expect([...bars].map((b) => [b.getAttribute('x'), b.getAttribute('data-count')])).toEqual([['0', '1'], ['327', '2']]);
  });
});
