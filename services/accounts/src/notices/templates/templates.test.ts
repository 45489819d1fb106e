import { NOTICE_KINDS, type MailLanguage } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { longDate, renderNotice, type NoticeData } from './templates';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/** One example of every kind's data, as the later sections of issue 48 will pass it. */
const EXAMPLES: { [K in (typeof NOTICE_KINDS)[number]]: NoticeData[K] } = {
  'account_request.approved': { accountName: 'Marit de Member', creditAccount: true },
  'account_request.rejected': { note: 'Geen lid' },
  'direct_debit.prenotification': { amount: 4250, collectionDate: '2027-01-04', mandateId: 'KASSA-1', creditorId: 'NL98ZZZ999999999999' },
  'debit.failed': { amount: 4250, failedOn: '2027-01-09' },
  'debit.reminder': { amount: 4250, since: '2027-01-09', reminder: 2, blockOn: '2027-02-09' },
  'payout.sent': { amount: 1310, iban: 'NL91 ABNA 0417 1643 00', donated: false },
  'account.dormant': { balance: 75, lastUsed: '2025-11-30T21:00:00Z', closeOn: '2026-12-17' },
  'terms.changed': { effectiveOn: '2026-12-17', summary: 'Fines for debts are switched on.' },
  'balance.low': { balance: 180, threshold: 500 },
};

describe('notice templates', () => {
  it('every kind has a subject and a text in Dutch and English, greeting the member by name and closing for the board', () => {
    for (const kind of NOTICE_KINDS) {
      for (const language of ['nl', 'en'] as MailLanguage[]) {
        const mail = renderNotice(kind, language, 'Marit', EXAMPLES[kind] as never);
        expect(mail.subject, `${kind} ${language}`).not.toBe('');
        expect(mail.text, `${kind} ${language}`).toMatch(language === 'nl' ? /^Beste Marit,\n\n/ : /^Dear Marit,\n\n/);
        expect(mail.text, `${kind} ${language}`).toMatch(language === 'nl' ? /Het bestuur$/ : /The board$/);
        expect(`${mail.subject}\n${mail.text}`, `${kind} ${language}`).not.toMatch(/undefined|null|NaN|\[object/);
      }
    }
  });

  it('writes amounts as Kassa shows them (nl-NL) in both languages, and dates the long way in each', () => {
    const nl = renderNotice('direct_debit.prenotification', 'nl', 'Marit', EXAMPLES['direct_debit.prenotification']);
    const en = renderNotice('direct_debit.prenotification', 'en', 'Marit', EXAMPLES['direct_debit.prenotification']);
    expect(plain(nl.text)).toContain('Op 4 januari 2027 schrijven we € 42,50 van je rekening af.');
    expect(plain(en.text)).toContain('On 4 January 2027 we will collect € 42,50 from your bank account.');
    expect(plain(renderNotice('balance.low', 'en', 'Marit', { balance: -123456, threshold: 500 }).subject)).toBe('Your balance is € -1.234,56');
  });

  it('reads a moment in Dutch time: 23:30 UTC on 31 December is New Year in Amsterdam', () => {
    expect(longDate('2026-12-31T23:30:00Z', 'nl')).toBe('1 januari 2027');
    expect(longDate('2026-12-31', 'en')).toBe('31 December 2026');
  });

  it('leaves out a declined request\'s note when there is none', () => {
    expect(renderNotice('account_request.rejected', 'nl', 'Marit', { note: null }).text).not.toContain('Toelichting');
    expect(renderNotice('account_request.rejected', 'en', 'Marit', { note: 'Not a member' }).text).toContain('Note: Not a member');
  });
});
