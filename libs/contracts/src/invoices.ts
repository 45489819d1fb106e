import { z } from 'zod';
import { CalendarDay } from './text';
import { Cents, ObjectId, PageQuery } from './wrapper';

/**
 * Invoices (services/checkout): an account's sales over a period, billed. A draft can be changed or deleted; a final
 * invoice has a number and never changes; paying it credits the account in the ledger; a credit note reverses it.
 */
export const InvoiceStatus = z.enum(['draft', 'final', 'paid', 'credited']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const InvoiceKind = z.enum(['invoice', 'credit_note']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** Who sends the invoice: the association, from the settings (services/accounts). */
export const InvoiceSender = z.object({
  name: z.string(),
  address: z.string(),
  vatNumber: z.string(),
  /** Chamber of Commerce (KvK) number: 8 digits. '' on invoices finalised before it was asked. */
  kvkNumber: z.string(),
  iban: z.string(),
  email: z.string(),
});
export type InvoiceSender = z.infer<typeof InvoiceSender>;

/** The sender as an administrator types it in the settings; empty strings leave a field blank. */
export const InvoiceSenderBody = z.object({
  name: z.string().trim().max(100, 'A name has at most 100 characters.'),
  address: z.string().trim().max(300, 'An address has at most 300 characters.'),
  vatNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z]{2}[0-9A-Z]{8,12}$/.test(v), 'Enter a VAT number like NL123456789B01.'),
  kvkNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9]{8}$/.test(v), 'Enter a KvK number of 8 digits, like 12345678.')
    .default(''),
  iban: z
    .string()
    .trim()
    .max(42, 'Invalid IBAN.')
    // The checksum is checked by the settings route (ibantools stays out of the pages that do not take an IBAN).
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  email: z.string().trim().max(100, 'An e-mail address has at most 100 characters.').refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter an e-mail address like penningmeester@example.nl.'),
});
export type InvoiceSenderBody = z.infer<typeof InvoiceSenderBody>;

/** One line: a product at one price and VAT rate, with how many were sold in the period. Prices include VAT. */
export const InvoiceLine = z.object({
  productId: z.string(),
  name: z.string(),
  unitPrice: Cents,
  quantity: z.number().int(),
  /** Percent (21, 9, 0). */
  vatRate: z.number().int(),
  total: Cents,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** VAT of one rate: `gross` (the lines' totals) = `net` + `vat`. */
export const InvoiceVat = z.object({ rate: z.number().int(), net: Cents, vat: Cents, gross: Cents });
export type InvoiceVat = z.infer<typeof InvoiceVat>;

/** What the lines of an account's period come to. */
export const InvoiceLines = z.object({
  lines: z.array(InvoiceLine),
  vat: z.array(InvoiceVat),
  total: Cents,
  /** Completed sales counted; undone ones are left out. */
  salesCount: z.number().int(),
  undoneCount: z.number().int(),
  /** Sales up to `collectedThrough` (a direct-debit batch's cut-off) are collected by that batch: left out here. */
  collectedCount: z.number().int().optional(),
  collectedThrough: CalendarDay.nullable().optional(),
});
export type InvoiceLines = z.infer<typeof InvoiceLines>;

export const InvoiceRef = z.object({ id: ObjectId, number: z.string() });

export const InvoiceView = InvoiceLines.extend({
  id: ObjectId,
  kind: InvoiceKind,
  status: InvoiceStatus,
  /** `2026-0001`, from finalising on; credit notes share the series. */
  number: z.string().nullable(),
  accountId: ObjectId,
  accountName: z.string(),
  customerName: z.string(),
  customerAddress: z.string(),
  from: CalendarDay,
  to: CalendarDay,
  reference: z.string(),
  note: z.string(),
  /** Frozen when finalised; the current settings while a draft. */
  sender: InvoiceSender,
  /** Local day the invoice was finalised (its invoice date). */
  issueDay: z.string().nullable(),
  paid: z.object({ at: z.string(), by: z.string(), balanceAfter: Cents }).nullable(),
  /** On a credited invoice: its credit note. */
  creditNote: InvoiceRef.nullable(),
  /** On a credit note: the invoice it reverses. */
  creditOf: InvoiceRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

/** A row of the list: the invoice without its lines. */
export const InvoiceSummary = InvoiceView.omit({ lines: true, vat: true, sender: true });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoicesQuery = PageQuery.extend({
  status: InvoiceStatus.optional(),
  account: ObjectId.optional(),
});
export type InvoicesQuery = z.infer<typeof InvoicesQuery>;

const period = <T extends { from: string; to: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period cannot end before it starts.' });
};

const editable = {
  from: CalendarDay,
  to: CalendarDay,
  reference: z.string().trim().max(100, 'A reference has at most 100 characters.').default(''),
  note: z.string().trim().max(1000, 'A note has at most 1000 characters.').default(''),
  /** Empty: the account's name. */
  customerName: z.string().trim().max(100, 'A name has at most 100 characters.').default(''),
  customerAddress: z.string().trim().max(300, 'An address has at most 300 characters.').default(''),
};

/** POST /api/admin/invoices/: a draft for an account over a period (days inclusive, the bar's local days). */
export const InvoiceCreateBody = z.object({ accountId: ObjectId, ...editable }).superRefine(period);
export type InvoiceCreateBody = z.input<typeof InvoiceCreateBody>;

/** PUT /api/admin/invoices/{id}/: a draft's period, reference, note and customer; a final invoice answers 409. */
export const InvoiceUpdateBody = z.object(editable).superRefine(period);
export type InvoiceUpdateBody = z.input<typeof InvoiceUpdateBody>;

/** GET /api/admin/invoices/preview/: the lines a draft for this account and period would have. */
export const InvoicePreviewQuery = z.object({ accountId: ObjectId, from: CalendarDay, to: CalendarDay }).superRefine(period);
export type InvoicePreviewQuery = z.infer<typeof InvoicePreviewQuery>;
export const InvoicePreview = InvoiceLines.extend({ accountName: z.string() });
export type InvoicePreview = z.infer<typeof InvoicePreview>;

/** Days an invoice gives to pay, printed on it. */
export const INVOICE_PAYMENT_DAYS = 14;

/** DELETE /api/admin/invoices/{id}/: the draft is gone. */
export const InvoiceDeleted = z.object({ id: ObjectId, deleted: z.literal(true) });
export type InvoiceDeleted = z.infer<typeof InvoiceDeleted>;
