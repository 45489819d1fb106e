import type { AuditLogEntry, Capability, InvoiceView } from '@kassa/contracts';
import { loginAs } from '@kassa/test-stack/accounts';
import { type CheckoutStack, pdfDrawnText, startCheckoutStack, TestClock } from '@kassa/test-stack';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceNumberModel } from './invoice-number.model';
import { InvoiceNumbers } from './invoice-numbers';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60721' };
/** Two more treasurers: they approve what ADMIN prepares (four eyes, issue 50 §5). */
const SECOND = { isAdmin: true, username: 'tweede', sub: '64b7f0c2a1b2c3d4e5f60722' };
const THIRD = { isAdmin: true, username: 'derde', sub: '64b7f0c2a1b2c3d4e5f60723' };
const DAY = 24 * 60 * 60 * 1000;
const SENDER = { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1\n1234 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91 ABNA 0417 1643 00', email: 'penningmeester@example.nl' };

describe('invoices', () => {
  let s: CheckoutStack;
  const clock = new TestClock(new Date('2026-03-14T20:00:00Z'));
  let adminToken: string;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
    adminToken = `Bearer ${await loginAs(s.accounts, 'admin')}`;
  });
  afterAll(async () => {
    await s.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: { authorization: s.token([], ADMIN) }, ...(payload ? { payload } : {}) });
  const setSender = (sender: object) => s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: { authorization: adminToken }, payload: { invoiceSender: sender } });
  const sell = async (account: string, products: { id: string; amount: number }[]) => {
    const res = await s.pay('account', { nonce: randomUUID(), products, account_id: account }, BAR);
    expect(res.statusCode).toBe(200);
    return res.json().result as { transaction_id: string; total: number };
  };
  const draft = async (accountId: string, from: string, to: string, extra: object = {}) => {
    const res = await call('POST', '/api/admin/invoices/', { accountId, from, to, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as InvoiceView;
  };
  const auditOf = async (id: string) => {
    const res = await s.accounts.inject({ method: 'GET', url: '/api/admin/audit_logs?entity=invoice&perPage=100', headers: { authorization: adminToken } });
    return (res.json().result.items as AuditLogEntry[]).filter((e) => e.entityId === id);
  };

  it('refuses to finalise while the sender is not set, and takes a sender with a valid IBAN only', async () => {
    const account = await s.createAccount('Zonder Afzender', 5000);
    await sell(account, [{ id: s.products[0]!.id, amount: 1 }]);
    const inv = await draft(account, '2026-03-14', '2026-03-14');
    const res = await call('POST', `/api/admin/invoices/${inv.id}/finalise/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe("Set the invoice sender's name, address, VAT number, KvK number, IBAN in Settings first: an invoice names them.");
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).json().result.status).toBe('draft');
    // A Dutch VAT invoice names the supplier's VAT and KvK numbers, and the customer needs an IBAN to pay into.
    expect((await setSender({ ...SENDER, vatNumber: '', kvkNumber: '', iban: '' })).statusCode).toBe(200);
    const partial = await call('POST', `/api/admin/invoices/${inv.id}/finalise/`);
    expect(partial.statusCode).toBe(409);
    expect(partial.json().errorMessage).toBe("Set the invoice sender's VAT number, KvK number, IBAN in Settings first: an invoice names them.");
    expect((await setSender({ ...SENDER, kvkNumber: '1234' })).json().detail).toEqual([{ loc: ['body', 'invoiceSender', 'kvkNumber'], msg: 'Enter a KvK number of 8 digits, like 12345678.', type: 'value_error' }]);

    const bad = await setSender({ ...SENDER, iban: 'NL91 ABNA 0417 1643 01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual([{ loc: ['body', 'invoiceSender', 'iban'], msg: 'Invalid IBAN.', type: 'value_error' }]);
    const good = await setSender(SENDER);
    expect(good.statusCode).toBe(200);
    expect(good.json().result.invoiceSender).toEqual({ ...SENDER, iban: 'NL91ABNA0417164300' });
    expect((await call('DELETE', `/api/admin/invoices/${inv.id}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).statusCode).toBe(404);
  });

  it("totals the period's sales less the undone ones, per product and VAT rate, and freezes them when finalised", async () => {
    await setSender(SENDER);
    const account = await s.createAccount('Feestcommissie', 100_000);
    const [cheap, dear] = [s.products[0]!, s.products[3]!];
    clock.current = new Date('2026-03-13T12:00:00Z');
    await sell(account, [{ id: cheap.id, amount: 9 }]); // the day before the period
    clock.current = new Date('2026-03-14T20:00:00Z');
    const a = await sell(account, [{ id: cheap.id, amount: 2 }, { id: dear.id, amount: 1 }]);
    const b = await sell(account, [{ id: cheap.id, amount: 3 }]);
    clock.advance(DAY);
    const undone = await sell(account, [{ id: dear.id, amount: 4 }]);
    expect((await call('DELETE', `/api/admin/transactions/${undone.transaction_id}/`)).statusCode).toBe(200);
    clock.advance(DAY);
    await sell(account, [{ id: dear.id, amount: 7 }]); // the day after the period

    const preview = await call('GET', `/api/admin/invoices/preview/?accountId=${account}&from=2026-03-14&to=2026-03-15`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().result).toMatchObject({ accountName: 'Feestcommissie', total: a.total + b.total, salesCount: 2, undoneCount: 1 });

    const inv = await draft(account, '2026-03-14', '2026-03-15', { reference: 'Lustrum', customerAddress: 'Feestlaan 5' });
    expect(inv).toMatchObject({ status: 'draft', number: null, total: a.total + b.total, customerName: 'Feestcommissie', sender: { ...SENDER, iban: 'NL91ABNA0417164300' } });
    const byName = Object.fromEntries(inv.lines.map((l) => [l.name, l]));
    expect(byName[cheap.name]).toMatchObject({ quantity: 5, unitPrice: cheap.price, total: 5 * cheap.price });
    expect(byName[dear.name]).toMatchObject({ quantity: 1, unitPrice: dear.price, total: dear.price });
    expect(inv.vat.reduce((sum, v) => sum + v.gross, 0)).toBe(inv.total);
    for (const v of inv.vat) expect(v.vat).toBe(Math.round((v.gross * v.rate) / (100 + v.rate)));

    const fin = await call('POST', `/api/admin/invoices/${inv.id}/finalise/`);
    expect(fin.statusCode).toBe(200);
    const final = fin.json().result as InvoiceView;
    expect(final).toMatchObject({ status: 'final', total: inv.total, lines: inv.lines, vat: inv.vat, issueDay: '2026-03-16' });
    expect(final.number).toMatch(/^2026-\d{4}$/);

    // A sale made later in the period does not change a final invoice.
    clock.current = new Date('2026-03-15T10:00:00Z');
    await sell(account, [{ id: cheap.id, amount: 1 }]);
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).json().result).toMatchObject({ total: inv.total, number: final.number });
  });

  it('gives a final invoice as a PDF file named by its number, with the sender the invoice must name', async () => {
    expect((await setSender(SENDER)).statusCode).toBe(200);
    const account = await s.createAccount('Pdf Klant', 10_000);
    clock.current = new Date('2026-05-14T20:00:00Z');
    await sell(account, [{ id: s.products[1]!.id, amount: 2 }]);
    const inv = await draft(account, '2026-05-01', '2026-05-31', { reference: 'Mei' });
    const final = (await call('POST', `/api/admin/invoices/${inv.id}/finalise/`)).json().result as InvoiceView;
    const res = await call('GET', `/api/admin/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="factuur-${final.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Factuur ${final.number}`);
    // The page's text is in its compressed content stream, in the standard font's WinAnsi codes as hex strings.
    const drawn = pdfDrawnText(res.rawPayload);
    for (const text of [`Factuurnummer: ${final.number}`, `KvK-nummer ${SENDER.kvkNumber}`, `Btw-nummer ${SENDER.vatNumber}`, 'IBAN NL91 ABNA 0417 1643 00', `op NL91 ABNA 0417 1643 00 t.n.v. ${SENDER.name}, onder vermelding van ${final.number}.`]) {
      expect(drawn.has(text), text).toBe(true);
    }
    expect((await call('GET', `/api/admin/invoices/${'0'.repeat(24)}/pdf`)).statusCode).toBe(404);
  });

  it('refuses to change or delete a final invoice (409), and to bill a period twice', async () => {
    const account = await s.createAccount('Bestuur', 10_000);
    clock.current = new Date('2026-03-14T20:00:00Z');
    await sell(account, [{ id: s.products[1]!.id, amount: 1 }]);
    const inv = await draft(account, '2026-03-01', '2026-03-31');
    const edited = await call('PUT', `/api/admin/invoices/${inv.id}/`, { from: '2026-03-01', to: '2026-03-31', reference: 'Maart', note: 'Dank je wel' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ reference: 'Maart', note: 'Dank je wel' });
    const number = (await call('POST', `/api/admin/invoices/${inv.id}/finalise/`)).json().result.number as string;

    const put = await call('PUT', `/api/admin/invoices/${inv.id}/`, { from: '2026-03-01', to: '2026-03-31', reference: 'Anders' });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ errorIdentifier: 'conflict', errorMessage: `Invoice ${number} is final and cannot be changed. Make a credit note to reverse it.` });
    expect((await call('DELETE', `/api/admin/invoices/${inv.id}/`)).statusCode).toBe(409);
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).json().result).toMatchObject({ reference: 'Maart', status: 'final' });

    const twice = await call('POST', '/api/admin/invoices/', { accountId: account, from: '2026-03-31', to: '2026-04-30' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorMessage).toContain(`Invoice ${number} already bills this account`);

    const backwards = await call('POST', '/api/admin/invoices/', { accountId: account, from: '2026-04-30', to: '2026-04-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'to'], msg: 'The period cannot end before it starts.' }));

    const entries = await auditOf(inv.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['invoice.create', 'invoice.finalise', 'invoice.update']);
    const update = entries.find((e) => e.action === 'invoice.update')!;
    expect(update).toMatchObject({ actor: { username: 'penningmeester' }, service: 'checkout', before: { reference: '', status: 'draft' }, after: { reference: 'Maart', note: 'Dank je wel' } });
    expect(entries.find((e) => e.action === 'invoice.finalise')).toMatchObject({ before: { status: 'draft', number: null }, after: { status: 'final', number } });
  });

  it('finalises only one of two overlapping drafts of an account finalised at once', async () => {
    clock.current = new Date('2026-03-14T20:00:00Z');
    const account = await s.createAccount('Dubbel Gefactureerd', 5000);
    await sell(account, [{ id: s.products[0]!.id, amount: 2 }]);
    const [a, b] = [await draft(account, '2026-03-01', '2026-03-14'), await draft(account, '2026-03-14', '2026-03-31')];
    const answers = await Promise.all([a, b].map((d) => call('POST', `/api/admin/invoices/${d.id}/finalise/`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const statuses = await Promise.all([a, b].map(async (d) => (await call('GET', `/api/admin/invoices/${d.id}/`)).json().result.status as string));
    expect(statuses.sort()).toEqual(['draft', 'final']);
  });

  it('numbers invoices finalised at the same moment consecutively, without a gap or a repeat', async () => {
    clock.current = new Date('2026-03-14T20:00:00Z');
    const drafts: InvoiceView[] = [];
    for (let i = 0; i < 10; i++) {
      const account = await s.createAccount(`Gelijktijdig ${i}`, 5000);
      await sell(account, [{ id: s.products[0]!.id, amount: 1 }]);
      drafts.push(await draft(account, '2026-03-14', '2026-03-14'));
    }
    const Numbers = invoiceNumberModel(s.app.db);
    const before = await Numbers.countDocuments({ year: 2026 });
    // Each draft finalised twice at once too: a double click takes one number.
    const answers = await Promise.all([...drafts, ...drafts].map((d) => call('POST', `/api/admin/invoices/${d.id}/finalise/`)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const numbers = drafts.map((d) => answers.find((r) => r.json().result.id === d.id)!.json().result.number as string);
    for (const d of drafts) expect(new Set(answers.filter((r) => r.json().result.id === d.id).map((r) => r.json().result.number)).size).toBe(1);
    const expected = Array.from({ length: 10 }, (_, i) => `2026-${String(before + i + 1).padStart(4, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
    expect(await Numbers.countDocuments({ year: 2026 })).toBe(before + 10);
    for (const d of drafts) expect((await auditOf(d.id)).filter((e) => e.action === 'invoice.finalise')).toHaveLength(1);
  });

  it('keeps the series whole when two replicas give out numbers at once (the unique number settles the race)', async () => {
    const Numbers = invoiceNumberModel(s.app.db);
    const before = await Numbers.countDocuments({ year: 2027 });
    const replicas = [new InvoiceNumbers(s.app.db, 'Europe/Amsterdam'), new InvoiceNumbers(s.app.db, 'Europe/Amsterdam')];
    const at = new Date('2027-01-01T00:30:00+01:00');
    const ids = Array.from({ length: 16 }, (_, i) => `race-${i}`);
    const taken = await Promise.all(ids.map((id, i) => replicas[i % 2]!.take(id, at)));
    expect(new Set(taken).size).toBe(16);
    expect([...taken].sort()).toEqual(Array.from({ length: 16 }, (_, i) => `2027-${String(before + i + 1).padStart(4, '0')}`));
    // Asking again for an invoice that has a number answers that number.
    expect(await replicas[1]!.take('race-3', at)).toBe(taken[3]);
  });

  it('posts a payment once however often it is marked paid, and a credit note reverses it on four eyes, once', async () => {
    clock.current = new Date('2026-03-14T20:00:00Z');
    const account = await s.createAccount('Betaalt Netjes', 20_000);
    await sell(account, [{ id: s.products[2]!.id, amount: 3 }]);
    const inv = await draft(account, '2026-03-14', '2026-03-14');
    expect((await call('POST', `/api/admin/invoices/${inv.id}/pay/`)).statusCode).toBe(409);
    const final = (await call('POST', `/api/admin/invoices/${inv.id}/finalise/`)).json().result as InvoiceView;
    const balanceBefore = await s.balance(account);

    const paid = await Promise.all([1, 2, 3].map(() => call('POST', `/api/admin/invoices/${inv.id}/pay/`)));
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(paid[0]!.json().result).toMatchObject({ status: 'paid', paid: { by: 'penningmeester', balanceAfter: balanceBefore + final.total } });
    expect(await s.postingsWithKey(`invoice:${inv.id}:paid`)).toBe(1);
    expect(await s.balance(account)).toBe(balanceBefore + final.total);
    expect((await auditOf(inv.id)).filter((e) => e.action === 'invoice.pay')).toHaveLength(1);

    const creditUrl = `/api/admin/invoices/${inv.id}/credit/`;
    const prepared = await call('POST', creditUrl);
    expect(prepared.statusCode, prepared.body).toBe(202);
    expect(prepared.json().result).toMatchObject({ status: 'pending', message: 'Prepared by penningmeester; another admin must approve.', amount: final.total, entity: 'invoice', action: 'credit' });
    expect(await s.postingsWithKey(`invoice:${inv.id}:credited`)).toBe(0);
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).json().result.status).toBe('paid');
    expect((await call('GET', '/api/admin/approvals/checkout/')).json().result.map((a: { id: string }) => a.id)).toContain(`invoice:${inv.id}:credit`);
    const same = await call('POST', creditUrl);
    expect(same.statusCode).toBe(409);
    expect(same.json().errorMessage).toBe('Another admin must approve this: you prepared it.');
    const credits = await Promise.all([SECOND, THIRD].map((who) => s.app.inject({ method: 'POST', url: creditUrl, headers: { authorization: s.token([], who) } })));
    expect(credits.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await auditOf(inv.id)).filter((e) => e.action.startsWith('approval.')).map((e) => e.action).sort()).toEqual(['approval.approved', 'approval.prepared']);
    const note = credits[0]!.json().result as InvoiceView;
    expect(credits[1]!.json().result.id).toBe(note.id);
    expect(note).toMatchObject({ kind: 'credit_note', status: 'final', total: -final.total, creditOf: { id: inv.id, number: final.number }, accountId: account });
    expect(note.number).not.toBe(final.number);
    expect(note.lines.map((l) => l.quantity)).toEqual(final.lines.map((l) => -l.quantity));
    expect(note.vat.map((v) => v.vat)).toEqual(final.vat.map((v) => -v.vat));
    expect((await call('GET', `/api/admin/invoices/${inv.id}/`)).json().result).toMatchObject({ status: 'credited', creditNote: { id: note.id, number: note.number } });
    // The payment goes back (refunded by bank): the account owes the sales again, for a corrected invoice.
    expect(await s.postingsWithKey(`invoice:${inv.id}:credited`)).toBe(1);
    expect(await s.balance(account)).toBe(balanceBefore);
    expect((await call('POST', `/api/admin/invoices/${inv.id}/pay/`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/admin/invoices/${note.id}/`, { from: '2026-03-14', to: '2026-03-14' })).statusCode).toBe(409);
    expect((await auditOf(inv.id)).filter((e) => e.action === 'invoice.credit')).toMatchObject([{ before: { status: 'paid' }, after: { status: 'credited', creditNote: { number: note.number } } }]);

    // Crediting frees the period: a corrected invoice may bill it again.
    const again = await draft(account, '2026-03-14', '2026-03-14');
    expect((await call('POST', `/api/admin/invoices/${again.id}/finalise/`)).json().result).toMatchObject({ status: 'final', total: final.total });
  });

  it('lists invoices newest first, 15 a page, filtered by status and account', async () => {
    const account = await s.createAccount('Veel Facturen', 0);
    for (let i = 0; i < 17; i++) await draft(account, `2026-01-${String(i + 1).padStart(2, '0')}`, `2026-01-${String(i + 1).padStart(2, '0')}`);
    const first = (await call('GET', `/api/admin/invoices/?account=${account}`)).json().result;
    expect(first).toMatchObject({ total: 17, pageCount: 2 });
    expect(first.items).toHaveLength(15);
    expect(first.items[0].from).toBe('2026-01-17');
    const second = (await call('GET', `/api/admin/invoices/?account=${account}&page=2`)).json().result;
    expect(second.items.map((i: InvoiceView) => i.from)).toEqual(['2026-01-02', '2026-01-01']);
    const paid = (await call('GET', '/api/admin/invoices/?status=paid')).json().result;
    expect(paid.items.every((i: InvoiceView) => i.status === 'paid')).toBe(true);
    expect((await call('GET', '/api/admin/invoices/?status=nonsense')).statusCode).toBe(422);
  });
});
