import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, refused, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { CategoriesPage, categoryProblems } from './categories-page';

afterEach(() => vi.unstubAllGlobals());

const bier = { id: 'c'.repeat(24), name: 'Bier', colour: '#f5b301', position: 0, productCount: 4 };
const leeg = { id: 'd'.repeat(24), name: 'Leeg', colour: '#123456', position: 1, productCount: 0 };

function stubApi(answer: (method: string, path: string, body: unknown) => Response | undefined = () => undefined) {
  return stubAdminApi((call) => {
    const special = answer(call.method, call.path, call.body);
    if (special) return special;
    if (call.path.endsWith('/admin/reasons/')) return json(200, ok({ reasons: [{ id: 'e'.repeat(24), name: 'Bestuur', position: 0 }] }));
    if (call.method === 'GET') return json(200, ok({ categories: [bier, leeg] }));
    return json(200, ok({ ...leeg, ...(call.body as object) }));
  });
}

describe('/admin/categories', { timeout: 20_000 }, () => {
  it('lists categories with colour, order and products, and the reasons below', async () => {
    stubApi();
    renderAdmin(<CategoriesPage />, '/admin/categories');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Bier#f5b30104');
    expect(await screen.findByText('Bestuur')).toBeVisible();
  });

  it('links each category and each reason to its history in the audit log', async () => {
    stubApi();
    renderAdmin(<CategoriesPage />, '/admin/categories');
    expect(await screen.findByRole('link', { name: 'History of Bier' })).toHaveAttribute('href', `/admin/audit_logs?entityId=${bier.id}`);
    expect(await screen.findByRole('link', { name: 'History of Bestuur' })).toHaveAttribute('href', `/admin/audit_logs?entityId=${'e'.repeat(24)}`);
  });

  it('says a category with products cannot be deleted before anything is sent', async () => {
    const calls = stubApi();
    renderAdmin(<CategoriesPage />, '/admin/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Bier' }));
    expect(screen.getByRole('dialog', { name: 'Delete Bier' })).toHaveTextContent('Bier still holds 4 products, so it cannot be deleted');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('puts a taken name (409) under the name field', async () => {
    stubApi((method) => (method === 'POST' ? json(409, { error: true, errorCode: 409, errorIdentifier: 'conflict', errorMessage: 'There is already a category called Bier.', result: null }) : undefined));
    renderAdmin(<CategoriesPage />, '/admin/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = screen.getByRole('dialog', { name: 'New category' });
    await user.type(within(form).getByLabelText('Name'), 'bier');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('There is already a category called Bier.'));
  });

  it("puts a server 422 on the colour under the colour field, not under the name", async () => {
    stubApi((method) => (method === 'POST' ? refused({ loc: ['body', 'colour'], msg: 'Use a colour like #1e88e5.', type: 'value_error' }) : undefined));
    renderAdmin(<CategoriesPage />, '/admin/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = screen.getByRole('dialog', { name: 'New category' });
    await user.type(within(form).getByLabelText('Name'), 'Wijn');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Colour')).toHaveAccessibleDescription('Use a colour like #1e88e5.'));
    expect(within(form).getByLabelText('Name')).not.toHaveAccessibleDescription();
  });

  it('checks name and colour like the server', () => {
    expect(categoryProblems('Wijn', '#AA3300')).toEqual({});
    expect(categoryProblems(' ', 'red')).toEqual({ name: 'Please enter a name.', colour: 'Use a colour like #1e88e5.' });
  });
});
