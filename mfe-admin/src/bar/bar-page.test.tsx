import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { BarPage } from './bar-page';

afterEach(() => vi.unstubAllGlobals());

const cat = (n: number, name: string) => ({ id: String(n).repeat(24), name, colour: '#123456', onMenu: true, products: n });

describe('/admin/bar (Bar Management)', { timeout: 20_000 }, () => {
  it('saves the categories left on the menu in the order set, and nothing until something changed', async () => {
    const menu = [cat(1, 'Bier'), cat(2, 'Fris'), cat(3, 'Snacks')];
    const calls = stubAdminApi((call) => (call.method === 'GET' ? json(200, ok({ categories: menu })) : json(200, ok({ categories: menu }))));
    renderAdmin(<BarPage />, '/admin/bar');
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Bier' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save menu' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Fris' }));
    await user.click(screen.getByRole('button', { name: 'Move Snacks up' }));
    await user.click(screen.getByRole('button', { name: 'Move Snacks up' }));
    await user.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ categoryIds: ['3'.repeat(24), '1'.repeat(24)] }));
    expect(await screen.findByRole('status')).toHaveTextContent('The bar menu is saved.');
  });
});
