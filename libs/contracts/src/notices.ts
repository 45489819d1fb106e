import { z } from 'zod';
import { ObjectId, PageQuery } from './wrapper';

/** The language of a member's mails (issue 48 §1): Dutch unless the member chose English. */
export const MailLanguage = z.enum(['nl', 'en'], { error: 'Choose Nederlands or English.' });
export type MailLanguage = z.infer<typeof MailLanguage>;

/**
 * What a notice tells a member. Mailed now: the two account-request decisions; the others have their texts ready for
 * the sections of issue 48 that send them (direct debit, debts, payouts, dormant accounts, terms, low balance).
 */
export const NOTICE_KINDS = [
  'account_request.approved',
  'account_request.rejected',
  'direct_debit.prenotification',
  'debit.failed',
  'debit.reminder',
  'payout.sent',
  'account.dormant',
  'terms.changed',
  'balance.low',
] as const;
export const NoticeKind = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKind>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GET /api/user/profile: where and in which language the signed-in user's notices go. */
export const Profile = z.object({
  username: z.string(),
  email: z.string().nullable(),
  language: MailLanguage,
  /** A mail when a payment takes the account's balance below this many cents; null: no such mail. */
  lowBalance: z.number().int().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** PUT /api/user/profile. An empty e-mail address removes it (notices are then recorded, not mailed). */
export const ProfileBody = z.object({
  email: z
    .string({ error: 'Enter an e-mail address like lid@example.nl, or leave it empty.' })
    .trim()
    .max(254, 'An e-mail address has at most 254 characters.')
    .refine((v) => v === '' || EMAIL.test(v), 'Enter an e-mail address like lid@example.nl.'),
  language: MailLanguage,
  /** Cents; null (or left out) switches the low-balance mail off. */
  lowBalance: z
    .number({ error: 'Enter the balance in whole cents.' })
    .int('Enter the balance in whole cents.')
    .min(0, 'A low balance is € 0,00 or more.')
    .max(100_000, 'A low balance is at most € 1.000,00.')
    .nullable()
    .default(null),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** One notice as the member (/account) and the board (the account page) see it. */
export const NoticeView = z.object({
  id: ObjectId,
  kind: NoticeKind,
  /** The address it went (or goes) to; null when the member had none. */
  to: z.string().nullable(),
  language: MailLanguage,
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** When the mail server took it; null while it waits (or cannot go: no address). */
  sentAt: z.string().nullable(),
  tries: z.number().int().min(0),
  lastError: z.string().nullable(),
});
export type NoticeView = z.infer<typeof NoticeView>;

/** GET /api/account/notices and GET /api/admin/accounts/{id}/notices/: newest first. */
export const NoticesQuery = PageQuery;
export type NoticesQuery = z.infer<typeof NoticesQuery>;
