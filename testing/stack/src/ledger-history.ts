/**
 * A large ledger history for bench/checkout's growth level, written in bulk, and the ledger's self-audit that must
 * accept it. Here because it writes behind the accounts and checkout services' APIs, as only the test stack may.
 */
import { randomUUID } from 'node:crypto';
import { hourOfDay, internalClient, localDay } from '@kassa/service-kit';
import mongoose, { Types } from 'mongoose';
import { Ledger } from '@kassa/accounts/src/ledger/ledger';
import { describeDifference, runLedgerAudit } from '@kassa/accounts/src/ledger/ledger-audit';
import { REPORT_DAYS } from '@kassa/checkout/src/reports/day-sums';

const TIME_ZONE = 'Europe/Amsterdam';

/**
 * Brings the ledger to about `target` postings with sales that look exactly as the real path leaves them. Per account
 * of `accountIds`: one cash top-up that pays for its share of the sales plus 2,000 euros for the tills' next loads,
 * then its share of account sales, each a copy of a real completed account sale (one must exist) with a new id and
 * nonce, its posting chained on the account's real head (seq, balanceAfter). Sales first, then their postings, then
 * each account's cached head: the audit finds either both halves or, if the writer dies midway, the difference it is
 * there to find. The sales are spread evenly over the `spanDays` days before now (a year of the bar's history for the
 * reports), with the local day and hour a sale stores. Answers the postings and sales recorded afterwards.
 */
export async function seedLedgerHistory(mongoUri: string, accountIds: string[], target: number, spanDays = 365): Promise<{ postings: number; sales: number }> {
  const accountsDb = await mongoose.createConnection(mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  const checkoutDb = accountsDb.useDb('kassa_checkout');
  try {
    const Postings = accountsDb.collection('postings');
    const Sales = checkoutDb.collection('transactions');
    const perAccount = Math.floor((target - (await Postings.countDocuments({}))) / accountIds.length) - 1;
    if (perAccount >= 1) {
      const sale = await Sales.findOne({ method: 'account', status: 'completed', undone: null });
      const topUp = await Sales.findOne({ method: 'cash', status: 'completed', 'upgrade.posted': true, undone: null });
      if (!sale || !topUp) throw new Error('no real account sale and cash top-up to copy');
      const salePosting = await Postings.findOne({ key: `checkout:${sale.nonce as string}` });
      const topUpPosting = await Postings.findOne({ key: `checkout:${topUp.nonce as string}:topup` });
      if (!salePosting || !topUpPosting) throw new Error('the copied sales have no postings');
      const total = sale.total as number;
      const sales: Record<string, unknown>[] = [];
      const postings: Record<string, unknown>[] = [];
      const heads = new Map<string, { seq: number; balanceAfter: number }>();
      const ledger = new Ledger(accountsDb);
      const count = (perAccount + 1) * accountIds.length;
      const step = Math.max(1, Math.floor((spanDays * 86_400_000) / count));
      let tick = Date.now() - count * step;
      for (const id of accountIds) {
        const accountId = new Types.ObjectId(id);
        const account = await accountsDb.collection('accounts').findOne({ _id: accountId }, { projection: { name: 1 } });
        const accountName = (account?.name as string | undefined) ?? null;
        let head = await ledger.readHead(id);
        /** One sale (a copy of `template`) and its posting of `amount`, the next on the account's chain. */
        const add = (template: Record<string, unknown>, postingTemplate: Record<string, unknown>, amount: number, extra: (balanceAfter: number) => object, suffix = '') => {
          const _id = new Types.ObjectId();
          const nonce = randomUUID();
          const at = new Date(tick);
          tick += step;
          const day = localDay(at, TIME_ZONE);
          head = { seq: head.seq + 1, balanceAfter: head.balanceAfter + amount };
          postings.push({ ...postingTemplate, _id: new Types.ObjectId(), accountId, seq: head.seq, amount, balanceAfter: head.balanceAfter, key: `checkout:${nonce}${suffix}`, ref: String(_id), at, day });
          sales.push({ ...template, _id, nonce, ...extra(head.balanceAfter), createdAt: at, updatedAt: at, day, madeDay: null, hour: hourOfDay(at, TIME_ZONE), shiftId: null });
        };
        const topUpAmount = perAccount * total + 200_000;
        add(topUp, topUpPosting, topUpAmount, (balanceAfter) => ({ upgrade: { ...(topUp.upgrade as object), accountId: id, amount: topUpAmount, accountName, balanceAfter }, upgradeAccountId: id }), ':topup');
        for (let k = 0; k < perAccount; k++) {
          add(sale, salePosting, -total, (balanceAfter) => ({ target: { ...(sale.target as object), accountId: id }, accountId: id, accountName, balanceAfter }));
        }
        heads.set(id, head);
      }
      for (let i = 0; i < sales.length; i += 1000) await Sales.insertMany(sales.slice(i, i + 1000), { ordered: false });
      for (let i = 0; i < postings.length; i += 1000) await Postings.insertMany(postings.slice(i, i + 1000), { ordered: false });
      for (const [id, head] of heads) {
        await accountsDb.collection('accounts').updateOne({ _id: new Types.ObjectId(id), headSeq: { $lt: head.seq } }, { $set: { balance: head.balanceAfter, headSeq: head.seq } });
      }
    }
    // Sales written behind checkout's back, on days that have ended: the reports' kept day sums know nothing of them.
    await checkoutDb.collection(REPORT_DAYS).deleteMany({});
    return { postings: await Postings.countDocuments({}), sales: await Sales.countDocuments({}) };
  } finally {
    await accountsDb.close();
  }
}

/** The ledger's self-audit over every posting and sale, no grace period; one line, and whether it found nothing. */
export async function auditLedger(mongoUri: string, checkoutUrl: string, internalToken: string): Promise<{ clean: boolean; line: string }> {
  const db = await mongoose.createConnection(mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  try {
    const a = await runLedgerAudit(db, { checkout: internalClient(checkoutUrl, internalToken), graceMs: 0 });
    const first = a.differences.slice(0, 3).map(describeDifference).join('; ');
    return {
      clean: a.differences.length === 0 && !a.incomplete,
      line: `${a.accountsChecked} accounts, ${a.postingsChecked} postings, ${a.purchasesChecked} sales checked; differences: ${a.differences.length}${first ? ` (${first})` : ''}${a.incomplete ? `; INCOMPLETE: ${a.incomplete}` : ''}`,
    };
  } finally {
    await db.close();
  }
}
