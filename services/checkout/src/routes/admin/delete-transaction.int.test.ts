import type { AuditLogEntry, Capability } from '@kassa/contracts';
import { AUDIT_OUTBOX, auditClient } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { registerUndoAuditCheck } from '../../sales/undo';
import { loginAs } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60720' };

async function sellOnAccount(s: CheckoutStack, name: string) {
  const account = await s.createAccount(name, 5000);
  const res = await s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[4]!.id, amount: 2 }], account_id: account }, BAR);
  expect(res.statusCode).toBe(200);
  return { account, sale: res.json().result as { transaction_id: string; total: number } };
}

const adminUndo = (s: CheckoutStack, id: string) =>
  s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${id}/`, headers: { authorization: s.token([], ADMIN) } });

describe("an administrator's undo", () => {
  let s: CheckoutStack;
  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  const auditEntries = async () => {
    const res = await s.accounts.inject({
      method: 'GET',
      url: '/api/admin/audit_logs?entity=transaction',
      headers: { authorization: `Bearer ${await loginAs(s.accounts, 'admin')}` },
    });
    return res.json().result.items as AuditLogEntry[];
  };

  it('is written to the audit log with who, before and after, once however often it is asked', async () => {
    const { account, sale } = await sellOnAccount(s, 'Audit Klant');
    expect((await adminUndo(s, sale.transaction_id)).statusCode).toBe(200);
    expect((await adminUndo(s, sale.transaction_id)).statusCode).toBe(200);

    const entries = (await auditEntries()).filter((e) => e.entityId === sale.transaction_id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: ADMIN.sub, username: 'penningmeester' },
      action: 'transaction.undo',
      entity: 'transaction',
      service: 'checkout',
      before: { status: 'completed', method: 'account', total: sale.total, accountId: account, undone: null },
      after: { undone: { by: 'penningmeester' }, balance_after: 5000, accountName: 'Audit Klant' },
    });
  });

  it('resolves an undo entry a crash left pending: delivered when the sale is undone by its author, dropped when not', async () => {
    const sent: { key: string; after: unknown }[] = [];
    const stub = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        sent.push(JSON.parse(text) as { key: string; after: unknown });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const relay = auditClient(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`, 'token', { outbox: s.app.db, graceMs: 0, relayEveryMs: 600_000 });
    registerUndoAuditCheck({ db: s.app.db, audit: relay });

    const undone = (await sellOnAccount(s, 'Crash Ongedaan')).sale.transaction_id;
    expect((await adminUndo(s, undone)).statusCode).toBe(200);
    const kept = (await sellOnAccount(s, 'Crash Gebleven')).sale.transaction_id;
    const outbox = s.app.db.collection<{ _id: string; body: object; state: string; owner: string; createdAt: Date }>(AUDIT_OUTBOX);
    for (const id of [undone, kept]) {
      const body = { key: `crash:transaction.undo:${id}`, actor: { id: ADMIN.sub, username: ADMIN.username }, action: 'transaction.undo', entity: 'transaction', entityId: id, before: { undone: null }, after: { undone: { by: ADMIN.username } }, at: new Date().toISOString() };
      await outbox.insertOne({ _id: body.key, body, state: 'pending', owner: 'crashed', createdAt: new Date() });
    }
    await relay.flush();
    expect(sent.filter((e) => e.key.startsWith('crash:'))).toMatchObject([{ key: `crash:transaction.undo:${undone}`, after: { undone: { by: ADMIN.username }, balance_after: 5000, accountName: 'Crash Ongedaan' } }]);
    expect(await outbox.countDocuments({ _id: { $in: [undone, kept].map((id) => `crash:transaction.undo:${id}`) } })).toBe(0);
    await new Promise((resolve) => stub.close(resolve));
    await relay.close();
  });
});

describe("an administrator's undo while the audit log cannot be reached", () => {
  let s: CheckoutStack;
  beforeAll(async () => {
    // Port 9 (discard) has nobody listening: every audit call fails.
    s = await startCheckoutStack(inject('mongoUri'), { deps: { audit: auditClient('http://127.0.0.1:9', 'kassa-internal-dev-token', { retryDelayMs: 1 }) } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('still undoes the sale', async () => {
    const { account, sale } = await sellOnAccount(s, 'Zonder Log');
    const res = await adminUndo(s, sale.transaction_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ balance_after: 5000, undone: { by: 'penningmeester' } });
    expect(await s.balance(account)).toBe(5000);
    const tx = await transactionModel(s.app.db).findById(sale.transaction_id).lean();
    expect(tx?.undone).toMatchObject({ admin: true, by: 'penningmeester' });
  });
});
