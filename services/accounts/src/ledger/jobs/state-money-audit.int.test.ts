import type { Capability, InvoiceView } from '@kassa/contracts';
import { internalClient } from '@kassa/service-kit';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runLedgerAudit } from '../ledger-audit';
import { loginAs } from '../../testing/accounts-test-app';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60721' };
const SENDER = { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: 'p@example.nl' };

/** Issue 45 §1: the self-audit sees an invoice's or a batch's state that its postings contradict. */
describe('the ledger self-audit: states against their money', () => {
  let s: CheckoutStack;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
    const admin = `Bearer ${await loginAs(s.accounts, 'admin')}`;
    await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: { authorization: admin }, payload: { invoiceSender: SENDER } });
  });
  afterAll(async () => {
    await s.close();
  });

  const call = (url: string, payload?: object) => s.app.inject({ method: 'POST', url, headers: { authorization: s.token([], ADMIN) }, ...(payload ? { payload } : {}) });
  /** A final invoice of one sale on a fresh account, paid. */
  const paidInvoice = async (name: string) => {
    const account = await s.createAccount(name, 5_000);
    expect((await s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[0]!.id, amount: 1 }], account_id: account }, BAR)).statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const { id } = (await call('/api/admin/invoices/', { accountId: account, from: day, to: day })).json().result as InvoiceView;
    expect((await call(`/api/admin/invoices/${id}/finalise/`)).statusCode).toBe(200);
    const paid = (await call(`/api/admin/invoices/${id}/pay/`)).json().result as InvoiceView;
    expect(paid.status).toBe('paid');
    return { account, invoice: paid };
  };

  it('reports a credited invoice with its payment standing and a cancelled batch that credited a debtor, and only those', async () => {
    await paidInvoice('Betaald En Goed');
    const credited = await paidInvoice('Gecrediteerd En Goed');
    // Four eyes: another treasurer prepares the credit note, ADMIN's call approves it.
    const second = s.token([], { isAdmin: true, username: 'tweede', sub: '64b7f0c2a1b2c3d4e5f60799' });
    expect((await s.app.inject({ method: 'POST', url: `/api/admin/invoices/${credited.invoice.id}/credit/`, headers: { authorization: second } })).statusCode).toBe(202);
    expect((await call(`/api/admin/invoices/${credited.invoice.id}/credit/`)).statusCode).toBe(200);
    // Planted: an invoice marked credited while its payment was never taken back.
    const planted = await paidInvoice('Gecrediteerd Met Betaling');
    await s.app.db.collection('invoices').updateOne({ _id: new Types.ObjectId(planted.invoice.id) }, { $set: { status: 'credited', updatedAt: new Date(Date.now() - 1_000) } });
    // Planted: a cancelled batch whose debtor was credited anyway.
    const debtor = await s.createAccount('Geannuleerd Maar Bijgeschreven', -300, { credit: true });
    const batchId = new Types.ObjectId();
    await s.payments!.db.collection('directdebitbatches').insertOne({
      _id: batchId,
      cutoff: '2026-11-30',
      status: 'cancelled',
      debits: [{ accountId: debtor, amount: 300 }],
      updatedAt: new Date(Date.now() - 1_000),
    });
    const posted = await s.accounts.inject({
      method: 'POST',
      url: '/internal/ledger/postings',
      headers: { 'x-internal-token': s.env.INTERNAL_TOKEN },
      payload: { target: { accountId: debtor }, amount: 300, key: `direct-debit:${String(batchId)}:${debtor}`, kind: 'direct_debit', ref: String(batchId) },
    });
    expect(posted.statusCode, posted.body).toBe(200);

    await s.accounts.accounts.ledger.settled();
    const checkoutUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    const result = await runLedgerAudit(s.accountsDb, {
      checkout: internalClient(checkoutUrl, s.env.INTERNAL_TOKEN),
      payments: internalClient(s.env.PAYMENTS_URL, s.env.INTERNAL_TOKEN),
      graceMs: 0,
    });
    expect(result.incomplete).toBeNull();
    expect(result.differences.filter((d) => d.kind === 'state_money')).toEqual([
      {
        kind: 'state_money',
        accountId: planted.account,
        accountName: 'Gecrediteerd Met Betaling',
        ref: `Invoice ${planted.invoice.number}`,
        message: `Invoice ${planted.invoice.number} is credited, but the postings keyed to it add up to € ${(planted.invoice.total / 100).toFixed(2)}, not € 0.00.`,
        expected: 0,
        actual: planted.invoice.total,
      },
      {
        kind: 'state_money',
        accountId: debtor,
        accountName: 'Geannuleerd Maar Bijgeschreven',
        ref: `Direct-debit batch of cut-off 2026-11-30 (${String(batchId)})`,
        message: `Direct-debit batch of cut-off 2026-11-30 (${String(batchId)}) is cancelled, but the postings keyed to it add up to € 3.00, not € 0.00.`,
        expected: 0,
        actual: 300,
      },
    ]);
  });
});
