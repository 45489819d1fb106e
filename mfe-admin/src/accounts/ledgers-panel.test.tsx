import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { LedgersPanel } from './ledgers-panel';

const cash = { id: 'cash', name: 'Cash box', code: '1000', kind: 'asset', covers: 'Sales paid in cash' };

afterEach(() => vi.unstubAllGlobals());

describe('ledgers panel', () => {
  it('lists the ledgers and saves a changed code only when it is one the accounting takes', async () => {
    const calls = stubAdminApi((call) => {
      if (call.path.endsWith('/count/')) return json(200, ok({ count: 1234 }));
      if (call.method === 'PUT') return json(200, ok({ ...cash, ...(call.body as object) }));
      return json(200, ok({ items: [cash], total: 1, page: 1, perPage: 50, pageCount: 1 }));
    });
    const user = userEvent.setup();
    renderAdmin(<LedgersPanel />, '/admin/exact');
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Cash box');
    expect(row).toHaveTextContent('1000');

    await user.click(screen.getByRole('button', { name: 'Change Cash box' }));
    const code = screen.getByLabelText('Accounting code');
    await user.clear(code);
    await user.type(code, 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A code has at most 20 letters, digits, dots and dashes.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, ' 1001 ');
    await user.selectOptions(screen.getByLabelText('Kind'), 'liability');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ code: '1001', kind: 'liability' });
  });
});
