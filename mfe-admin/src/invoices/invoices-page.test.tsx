import type { InvoiceView } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { InvoicePage } from './invoice-page';
import { InvoicesPage } from './invoices-page';

afterEach(() => vi.unstubAllGlobals());

const invoice = (n: number, over: Partial<InvoiceView> = {}): InvoiceView => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  kind: 'invoice',
  status: 'final',
  number: `2026-${String(n).padStart(4, '0')}`,
  accountId: '64b7f0c2a1b2c3d4e5f60799',
  accountName: 'Feestcommissie',
  customerName: 'Feestcommissie',
  customerAddress: 'Feestlaan 5\n3511 AB Utrecht',
  from: '2026-03-01',
  to: '2026-03-31',
  reference: 'Lustrum',
  note: '',
  lines: [
    { productId: 'p1', name: 'Pils', unitPrice: 250, quantity: 12, vatRate: 21, total: 3000 },
    { productId: 'p2', name: 'Cola', unitPrice: 200, quantity: 3, vatRate: 9, total: 600 },
  ],
  vat: [
    { rate: 21, net: 2479, vat: 521, gross: 3000 },
    { rate: 9, net: 550, vat: 50, gross: 600 },
  ],
  total: 3600,
  salesCount: 7,
  undoneCount: 1,
  sender: { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: '' },
  issueDay: '2026-04-02',
  paid: null,
  creditNote: null,
  creditOf: null,
  createdAt: '2026-04-02T10:00:00Z',
  updatedAt: '2026-04-02T10:00:00Z',
  ...over,
});

describe('/admin/invoices', { timeout: 20_000 }, () => {
  it('lists invoices 15 a page with nl-NL periods and euros, and keeps the status filter in the URL', async () => {
    const calls = stubAdminApi((call) => {
      const page = Number(call.query.get('page'));
      const items = Array.from({ length: page === 1 ? 15 : 2 }, (_, i) => invoice((page - 1) * 15 + i + 1));
      return json(200, ok({ items, pageCount: 2, total: 17 }));
    });
    renderAdmin(<InvoicesPage />, '/admin/invoices');
    const row = (await screen.findByRole('link', { name: 'Open invoice 2026-0001' })).closest('tr')!;
    expect(row).toHaveTextContent('1 maart 2026 t/m 31 maart 2026');
    expect(row).toHaveTextContent('€ 36,00');
    expect(row).toHaveTextContent('Final, unpaid');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unpaid' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('final'));
    expect(calls.at(-1)!.query.get('perPage')).toBe('15');
  });
});

function renderInvoice(inv: InvoiceView, answer: (path: string, method: string) => InvoiceView) {
  const calls = stubAdminApi((call) => json(200, ok(answer(call.path, call.method))));
  renderAdmin(
    <Routes>
      <Route path="/admin/invoices/:invoiceId" element={<InvoicePage />} />
    </Routes>,
    `/admin/invoices/${inv.id}`,
  );
  return calls;
}

describe('/admin/invoices/{invoiceId}', { timeout: 20_000 }, () => {
  it('shows the sheet with sender, customer, number, nl-NL date, lines, VAT and total', async () => {
    const inv = invoice(4);
    renderInvoice(inv, () => inv);
    const sheet = await screen.findByRole('article', { name: 'Factuur 2026-0004' });
    for (const text of ['Studievereniging Kassa', 'NL123456789B01', 'KvK-nummer12345678', 'NL91 ABNA 0417 1643 00', 'Feestlaan 5', '2026-0004', '2 april 2026', 'Pils', '€ 30,00', '€ 5,21', '21%', '9%', 'Totaal', '€ 36,00', 'uiterlijk 16 april 2026']) {
      expect(sheet).toHaveTextContent(text);
    }
  });

  it('downloads the PDF file with the session, and says why when the server refuses it', async () => {
    const inv = invoice(7);
    const calls = stubAdminApi((call) =>
      call.path.endsWith('/pdf') ? json(404, { error: true, errorCode: 404, errorIdentifier: 'not_found', errorMessage: 'Invoice not found', result: null }) : json(200, ok(inv)),
    );
    renderAdmin(
      <Routes>
        <Route path="/admin/invoices/:invoiceId" element={<InvoicePage />} />
      </Routes>,
      `/admin/invoices/${inv.id}`,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found');
    expect(calls.map((c) => c.path)).toContain(`/api/admin/invoices/${inv.id}/pdf`);
  });

  it('says which sales a direct-debit batch collects and so are left out', async () => {
    const inv = invoice(6, { status: 'draft', number: null, issueDay: null, collectedCount: 2, collectedThrough: '2026-03-15' });
    renderInvoice(inv, () => inv);
    expect(await screen.findByText("2 sales left out: a direct-debit batch collects this account's debt up to 15 maart 2026 (its cut-off).")).toBeInTheDocument();
  });

  it('finalises a draft only after saying it gets a number and cannot be changed', async () => {
    const draft = invoice(5, { status: 'draft', number: null, issueDay: null });
    const calls = renderInvoice(draft, (path, method) => (method === 'POST' ? { ...draft, status: 'final', number: '2026-0005', issueDay: '2026-04-02' } : draft));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = screen.getByRole('dialog', { name: 'Finalise invoice' });
    expect(dialog).toHaveTextContent('gets the next invoice number');
    expect(dialog).toHaveTextContent('cannot be changed or deleted');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/invoices/${draft.id}/finalise/`]));
    expect(await screen.findByRole('status')).toHaveTextContent('Invoice 2026-0005 is final.');
  });

  it('marks paid after saying the account is credited, and prints', async () => {
    const inv = invoice(6);
    const calls = renderInvoice(inv, (path, method) => (method === 'POST' ? { ...inv, status: 'paid', paid: { at: '2026-04-10T10:00:00Z', by: 'admin', balanceAfter: 0 } } : inv));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(screen.getByRole('dialog', { name: 'Mark invoice paid' })).toHaveTextContent('The account Feestcommissie is credited with € 36,00');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/invoices/${inv.id}/pay/`]));
  });
});
