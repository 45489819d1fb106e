import { createHash } from 'node:crypto';
import {
  DirectDebitSettled,
  InternalAccount,
  InvoiceSender,
  ledgerKeys,
  formatEuros,
  type ApprovalView,
  type InvoiceCreateBody,
  type InvoiceLines,
  type InvoiceSummary,
  type InvoiceUpdateBody,
  type InvoiceView,
  type TokenClaims,
} from '@kassa/contracts';
import { AppError, claimTransition, fourEyes, isDuplicateKey, localDay, notFound, viewCheck, type AuditWarnLogger } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { postLedger, type CheckoutContext } from '../context';
import { invoiceLines, reversed } from './invoice-lines';
import { invoiceModel, type InvoiceDoc } from './invoice.model';
import { invoiceNumbers } from './invoice-numbers';

type Ctx = Pick<CheckoutContext, 'db' | 'accounts' | 'payments' | 'audit' | 'now' | 'env'>;
interface Caller {
  user: TokenClaims;
  log: AuditWarnLogger;
  id?: string;
}

const conflict = (message: string) => new AppError(409, 'conflict', message);
const invoiceNotFound = () => notFound('Invoice not found.');
const actor = (user: TokenClaims) => ({ id: user.sub, username: user.username });
const EMPTY_SENDER: InvoiceSender = { name: '', address: '', vatNumber: '', kvkNumber: '', iban: '', email: '' };

/** What a Dutch VAT invoice must name of its sender, and how the customer pays: finalising waits for each. */
const REQUIRED_SENDER: readonly [keyof InvoiceSender, string][] = [
  ['name', 'name'],
  ['address', 'address'],
  ['vatNumber', 'VAT number'],
  ['kvkNumber', 'KvK number'],
  ['iban', 'IBAN'],
];

export const senderOf = (ctx: Pick<Ctx, 'accounts'>) => ctx.accounts('/internal/settings/invoice-sender', InvoiceSender);

async function accountOf(ctx: Pick<Ctx, 'accounts'>, accountId: string) {
  try {
    return await ctx.accounts(`/internal/accounts/${accountId}`, InternalAccount);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      throw new AppError(422, 'validation_error', 'Choose an account.', [{ loc: ['body', 'accountId'], msg: 'This account does not exist.', type: 'value_error' }]);
    }
    throw err;
  }
}

const summaryOf = (doc: InvoiceDoc): InvoiceSummary => ({
  id: String(doc._id),
  kind: doc.kind ?? 'invoice',
  status: doc.status,
  number: doc.number ?? null,
  accountId: doc.accountId,
  accountName: doc.accountName,
  customerName: doc.customerName || doc.accountName,
  customerAddress: doc.customerAddress ?? '',
  from: doc.from,
  to: doc.to,
  reference: doc.reference ?? '',
  note: doc.note ?? '',
  total: doc.total ?? 0,
  salesCount: doc.salesCount ?? 0,
  undoneCount: doc.undoneCount ?? 0,
  issueDay: doc.issueDay ?? null,
  paid: doc.paid?.at ? { at: doc.paid.at.toISOString(), by: doc.paid.by ?? '', balanceAfter: doc.paid.balanceAfter ?? 0 } : null,
  creditNote: doc.creditNote ? { id: doc.creditNote.id, number: doc.creditNote.number } : null,
  creditOf: doc.creditOf ? { id: doc.creditOf.id, number: doc.creditOf.number } : null,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
export const invoiceSummary = summaryOf;

const storedLines = (doc: InvoiceDoc): InvoiceLines => ({
  lines: doc.lines.map((l) => ({ productId: l.productId, name: l.name, unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.vatRate, total: l.total })),
  vat: doc.vat.map((v) => ({ rate: v.rate ?? 0, net: v.net ?? 0, vat: v.vat ?? 0, gross: v.gross ?? 0 })),
  total: doc.total ?? 0,
  salesCount: doc.salesCount ?? 0,
  undoneCount: doc.undoneCount ?? 0,
  collectedCount: doc.collectedCount ?? 0,
  collectedThrough: doc.collectedThrough ?? null,
});

/**
 * An account's invoice lines, leaving out the sales a direct-debit batch collects or collected (only credit accounts
 * are ever in a batch, so only theirs are asked about, and a tab's: it may have been a credit account before): one
 * debt, one route.
 */
export async function linesOf(ctx: Pick<Ctx, 'db' | 'accounts' | 'payments'>, accountId: string, from: string, to: string): Promise<InvoiceLines> {
  return invoiceLines(ctx.db, accountId, from, to, await collectedThrough(ctx, await accountOf(ctx, accountId)));
}

export const collectedThrough = async (ctx: Pick<Ctx, 'payments'>, account: InternalAccount): Promise<string | null> =>
  account.creditAccount || account.tab ? (await ctx.payments(`/internal/direct-debit/settled?accountId=${account.id}`, DirectDebitSettled)).through : null;

/** The whole invoice: a draft with its lines and sender as they are now, a final one as it was issued. */
export async function invoiceView(ctx: Ctx, doc: InvoiceDoc): Promise<InvoiceView> {
  if (doc.status === 'draft') {
    const [lines, sender] = await Promise.all([linesOf(ctx, doc.accountId, doc.from, doc.to), senderOf(ctx)]);
    return { ...summaryOf(doc), ...lines, sender };
  }
  const sender = doc.sender ? { ...EMPTY_SENDER, ...(doc.sender as Partial<InvoiceSender>) } : EMPTY_SENDER;
  return { ...summaryOf(doc), ...storedLines(doc), sender };
}

/** What the audit log keeps of an invoice (and what the relay compares after a crash). */
const auditView = (doc: Pick<InvoiceDoc, 'kind' | 'status' | 'number' | 'accountId' | 'from' | 'to' | 'reference' | 'note' | 'customerName' | 'customerAddress' | 'total'>) => ({
  kind: doc.kind ?? 'invoice',
  status: doc.status,
  number: doc.number ?? null,
  accountId: doc.accountId,
  from: doc.from,
  to: doc.to,
  reference: doc.reference ?? '',
  note: doc.note ?? '',
  customerName: doc.customerName ?? '',
  customerAddress: doc.customerAddress ?? '',
  total: doc.total ?? 0,
});

export function registerInvoiceAuditCheck(ctx: Pick<CheckoutContext, 'db' | 'audit'>) {
  ctx.audit.check(
    'invoice',
    viewCheck(async (id) => {
      const doc = (await invoiceModel(ctx.db).findById(id).lean()) as InvoiceDoc | null;
      return doc && auditView(doc);
    }),
  );
}

export async function loadInvoice(ctx: Pick<Ctx, 'db'>, id: string): Promise<InvoiceDoc> {
  const doc = (await invoiceModel(ctx.db).findById(id).lean()) as InvoiceDoc | null;
  if (!doc) throw invoiceNotFound();
  return doc;
}

/**
 * Another invoice of the account (final or paid) whose period overlaps: billing those sales twice is refused. With
 * `claimed`, a draft that has already taken its number (being finalised this moment) counts as final too.
 */
async function assertNoOverlap(ctx: Pick<Ctx, 'db' | 'env'>, accountId: string, from: string, to: string, except: string | null, claimed = false) {
  const others = (await invoiceModel(ctx.db).find({ accountId }, { kind: 1, status: 1, number: 1, from: 1, to: 1 }).lean()) as InvoiceDoc[];
  const overlapping = others.filter((o) => String(o._id) !== except && (o.kind ?? 'invoice') === 'invoice' && o.from <= to && from <= o.to);
  let clash = overlapping.find((o) => o.status === 'final' || o.status === 'paid');
  if (!clash && claimed) {
    const numbers = invoiceNumbers(ctx.db, ctx.env.TIME_ZONE);
    for (const o of overlapping.filter((d) => d.status === 'draft')) {
      const number = await numbers.of(String(o._id));
      if (number) clash = { ...o, number };
    }
  }
  if (clash) throw conflict(`Invoice ${clash.number} already bills this account from ${clash.from} to ${clash.to}. Choose a period after it, or credit that invoice first.`);
}

async function assertNotNumbered(ctx: Ctx, doc: InvoiceDoc) {
  if (doc.status !== 'draft') throw conflict(`Invoice ${doc.number} is final and cannot be changed. Make a credit note to reverse it.`);
  if (await invoiceNumbers(ctx.db, ctx.env.TIME_ZONE).of(String(doc._id))) throw conflict('This invoice is being finalised and cannot be changed any more.');
}

export async function createInvoice(ctx: Ctx, body: InvoiceCreateBody & { reference: string; note: string; customerName: string; customerAddress: string }, caller: Caller): Promise<InvoiceView> {
  const account = await accountOf(ctx, body.accountId);
  await assertNoOverlap(ctx, body.accountId, body.from, body.to, null);
  const lines = await linesOf(ctx, body.accountId, body.from, body.to);
  const doc = {
    _id: new Types.ObjectId(),
    kind: 'invoice' as const,
    status: 'draft' as const,
    number: null,
    accountId: body.accountId,
    accountName: account.name,
    from: body.from,
    to: body.to,
    reference: body.reference,
    note: body.note,
    // A tab is invoiced to the name and address its account holds, unless the invoice says otherwise.
    customerName: body.customerName || (account.tab ? (account.invoiceName ?? '') : ''),
    customerAddress: body.customerAddress || (account.tab ? (account.invoiceAddress ?? '') : ''),
    ...lines,
  };
  const created = await ctx.audit.audited(
    { actor: actor(caller.user), action: 'invoice.create', entity: 'invoice', entityId: String(doc._id), before: null, after: auditView(doc), at: ctx.now() },
    caller.log,
    async () => (await invoiceModel(ctx.db).create(doc)).toObject() as InvoiceDoc,
  );
  return invoiceView(ctx, created);
}

export async function updateInvoice(ctx: Ctx, id: string, body: Required<InvoiceUpdateBody>, caller: Caller): Promise<InvoiceView> {
  const doc = await loadInvoice(ctx, id);
  await assertNotNumbered(ctx, doc);
  await assertNoOverlap(ctx, doc.accountId, body.from, body.to, id);
  const lines = await linesOf(ctx, doc.accountId, body.from, body.to);
  const set = { from: body.from, to: body.to, reference: body.reference, note: body.note, customerName: body.customerName, customerAddress: body.customerAddress, ...lines };
  const updated = await ctx.audit.audited(
    { actor: actor(caller.user), action: 'invoice.update', entity: 'invoice', entityId: id, before: auditView(doc), after: auditView({ ...doc, ...set }), at: ctx.now() },
    caller.log,
    async () => {
      const after = (await invoiceModel(ctx.db).findOneAndUpdate({ _id: id, status: 'draft' }, { $set: set }, { returnDocument: 'after' }).lean()) as InvoiceDoc | null;
      if (!after) throw conflict('This invoice was finalised meanwhile and cannot be changed.');
      return after;
    },
    (after) => ({ after: auditView(after) }),
  );
  return invoiceView(ctx, updated);
}

export async function deleteInvoice(ctx: Ctx, id: string, caller: Caller): Promise<void> {
  const doc = await loadInvoice(ctx, id);
  await assertNotNumbered(ctx, doc);
  await ctx.audit.audited(
    { actor: actor(caller.user), action: 'invoice.delete', entity: 'invoice', entityId: id, before: auditView(doc), after: null, at: ctx.now() },
    caller.log,
    async () => {
      const gone = await invoiceModel(ctx.db).deleteOne({ _id: id, status: 'draft' });
      if (gone.deletedCount !== 1) throw conflict('This invoice was finalised meanwhile and cannot be deleted.');
    },
  );
}

/**
 * Gives a draft its number and freezes its lines, totals and sender. Finalising a final invoice again answers it as
 * it is. A finalise that stopped after taking its number is completed by the next call with that same number.
 */
export async function finaliseInvoice(ctx: Ctx, id: string, caller: Caller): Promise<InvoiceView> {
  const doc = await loadInvoice(ctx, id);
  if (doc.status !== 'draft') return invoiceView(ctx, doc);
  const sender = await senderOf(ctx);
  const missing = REQUIRED_SENDER.filter(([field]) => !sender[field].trim()).map(([, label]) => label);
  if (missing.length > 0) throw conflict(`Set the invoice sender's ${missing.join(', ')} in Settings first: an invoice names them.`);
  await assertNoOverlap(ctx, doc.accountId, doc.from, doc.to, id);
  const lines = await linesOf(ctx, doc.accountId, doc.from, doc.to);
  if (lines.lines.length === 0) throw conflict('There are no sales on this account in this period: there is nothing to invoice.');
  const at = ctx.now();
  const numbers = invoiceNumbers(ctx.db, ctx.env.TIME_ZONE);
  const expected = { ...auditView({ ...doc, ...lines }), status: 'final' as const };
  const final = await ctx.audit.audited(
    { key: `invoice.finalise:${id}`, actor: actor(caller.user), action: 'invoice.finalise', entity: 'invoice', entityId: id, before: auditView(doc), after: expected, expect: { status: 'final', total: lines.total }, at },
    caller.log,
    async () => {
      // Checked again in the numbering queue: two overlapping drafts finalised at once cannot both pass.
      const number = await numbers.take(id, at, () => assertNoOverlap(ctx, doc.accountId, doc.from, doc.to, id, true));
      const set = { status: 'final', number, ...lines, sender, issueDay: localDay(at, ctx.env.TIME_ZONE), finalised: { at, by: caller.user.username } };
      const after = (await invoiceModel(ctx.db).findOneAndUpdate({ _id: id, status: 'draft' }, { $set: set }, { returnDocument: 'after' }).lean()) as InvoiceDoc | null;
      return after ?? (await loadInvoice(ctx, id));
    },
    (after) => ({ after: auditView(after) }),
  );
  return invoiceView(ctx, final);
}

/**
 * Marks a final invoice paid: one ledger posting crediting the account with the invoice's total (key
 * `invoice:<id>:paid`, so asking twice, or at once from two screens, posts once). A paid invoice answers as it is.
 */
export async function payInvoice(ctx: Ctx, id: string, caller: Caller): Promise<InvoiceView> {
  const doc = await loadInvoice(ctx, id);
  if (doc.status === 'paid') return invoiceView(ctx, doc);
  if ((doc.kind ?? 'invoice') === 'credit_note') throw conflict('A credit note is not paid; it reverses an invoice.');
  if (doc.status === 'draft') throw conflict('Finalise the invoice before marking it paid.');
  if (doc.status === 'credited') throw conflict(`Invoice ${doc.number} was reversed by credit note ${doc.creditNote?.number ?? ''}; it cannot be paid.`);
  const at = ctx.now();
  // Claimed before the money moves: a credit of the same final invoice at the same moment gets 409.
  await claimTransition(ctx.db, { entity: 'invoice', id, from: 'final', to: 'paid', by: caller.user.username }, at);
  const paid = await ctx.audit.audited(
    { key: `invoice.pay:${id}`, actor: actor(caller.user), action: 'invoice.pay', entity: 'invoice', entityId: id, before: auditView(doc), after: { ...auditView(doc), status: 'paid' }, at },
    caller.log,
    async () => {
      const posting = await postLedger(
        ctx as CheckoutContext,
        { target: { accountId: doc.accountId }, amount: doc.total ?? 0, key: ledgerKeys.invoicePaid(id), kind: 'topup', ref: `invoice:${id}`, description: `Invoice ${doc.number} paid` },
        caller.id,
      );
      const set = { status: 'paid', paid: { at, by: caller.user.username, balanceAfter: posting.balanceAfter } };
      const after = (await invoiceModel(ctx.db).findOneAndUpdate({ _id: id, status: 'final' }, { $set: set }, { returnDocument: 'after' }).lean()) as InvoiceDoc | null;
      return after ?? (await loadInvoice(ctx, id));
    },
    (after) => ({ after: { ...auditView(after), paid: summaryOf(after).paid } }),
  );
  return invoiceView(ctx, paid);
}

/**
 * Reverses a final or paid invoice with a credit note: the same lines negative, with the next number of the series.
 * The invoice becomes `credited`. A paid invoice's payment is taken back off the account too (the money goes back to
 * the customer by bank), so the sales are owed again and a corrected invoice can bill them. Asking twice answers the
 * one credit note.
 */
/**
 * The id of an invoice's credit note, the same for every call: two calls at once make the one credit note (the second
 * insert is refused), and the number is taken once for it. A conditional update cannot choose it: FerretDB reads, then [ferretdb:no-atomic-update]
 * writes, so two calls could each think they chose.
 */
const creditNoteIdOf = (invoiceId: string) => createHash('sha256').update(`credit-note:${invoiceId}`).digest('hex').slice(0, 24);

export async function creditInvoice(ctx: Ctx, id: string, caller: Caller): Promise<InvoiceView | { pending: ApprovalView }> {
  const Invoice = invoiceModel(ctx.db);
  const doc = await loadInvoice(ctx, id);
  if (doc.creditNote) return invoiceView(ctx, await loadInvoice(ctx, doc.creditNote.id));
  if ((doc.kind ?? 'invoice') === 'credit_note') throw conflict('A credit note cannot be credited.');
  if (doc.status === 'draft') throw conflict('A draft has no number yet: change it or delete it instead of crediting it.');
  // Four eyes (issue 50 §5): a credit note writes the invoice off (or pays it back); one treasurer prepares it, another
  // approves it with the same call.
  const gate = await fourEyes(
    { db: ctx.db, audit: ctx.audit, log: caller.log, now: ctx.now },
    {
      service: 'checkout',
      entity: 'invoice',
      id,
      action: 'credit',
      user: caller.user,
      roles: ['treasurer'],
      summary: `Credit invoice ${doc.number ?? ''} to ${doc.customerName || doc.accountName}: ${formatEuros(doc.total ?? 0)}${doc.status === 'paid' ? ' paid back to the account' : ' written off'}`,
      amount: doc.total ?? 0,
      approve: { method: 'POST', path: `/api/admin/invoices/${id}/credit/`, body: null },
    },
  );
  if (!gate.approved) return { pending: gate.approval };
  const creditId = creditNoteIdOf(id);
  const at = ctx.now();
  const wasPaid = doc.status === 'paid';
  // Claimed before the money moves: a payment of the same final invoice at the same moment gets 409, and a credit of
  // a paid invoice reverses the one payment it saw.
  await claimTransition(ctx.db, { entity: 'invoice', id, from: doc.status, to: 'credited', by: caller.user.username }, at);
  const credited = await ctx.audit.audited(
    { key: `invoice.credit:${id}`, actor: actor(caller.user), action: 'invoice.credit', entity: 'invoice', entityId: id, before: auditView(doc), after: { ...auditView(doc), status: 'credited' }, at },
    caller.log,
    async () => {
      if (wasPaid) {
        await postLedger(
          ctx as CheckoutContext,
          { target: { accountId: doc.accountId }, amount: -(doc.total ?? 0), key: ledgerKeys.invoiceCredited(id), kind: 'correction', ref: `invoice:${id}`, allowNegative: true, description: `Invoice ${doc.number} credited` },
          caller.id,
        );
      }
      const number = await invoiceNumbers(ctx.db, ctx.env.TIME_ZONE).take(creditId, at);
      const note = {
        _id: new Types.ObjectId(creditId),
        kind: 'credit_note' as const,
        status: 'final' as const,
        number,
        accountId: doc.accountId,
        accountName: doc.accountName,
        customerName: doc.customerName,
        customerAddress: doc.customerAddress,
        from: doc.from,
        to: doc.to,
        reference: doc.reference,
        note: `Credit note for invoice ${doc.number}.`,
        ...reversed(storedLines(doc)),
        sender: doc.sender,
        issueDay: localDay(at, ctx.env.TIME_ZONE),
        finalised: { at, by: caller.user.username },
        creditOf: { id, number: doc.number ?? '' },
      };
      if (!(await Invoice.exists({ _id: creditId }))) await Invoice.create(note).catch((err: unknown) => {
          // A concurrent call made the same credit note (the same id) first.
          if (!isDuplicateKey(err)) throw err;
        });
      const after = (await Invoice.findOneAndUpdate({ _id: id, creditNote: null }, { $set: { status: 'credited', creditNote: { id: creditId, number } } }, { returnDocument: 'after' }).lean()) as InvoiceDoc | null;
      return after ?? (await loadInvoice(ctx, id));
    },
    (after) => ({ after: { ...auditView(after), creditNote: after.creditNote } }),
  );
  await gate.recorded;
  return invoiceView(ctx, await loadInvoice(ctx, credited.creditNote!.id));
}
