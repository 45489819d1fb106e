import { formatEuros, type MailLanguage, type NoticeKind } from '@kassa/contracts';

/** What each kind of notice says, besides the member's name. Amounts in cents; dates as ISO strings or `YYYY-MM-DD`. */
export interface NoticeData {
  'account_request.approved': { accountName: string; creditAccount: boolean };
  'account_request.rejected': { note: string | null };
  'direct_debit.prenotification': { amount: number; collectionDate: string; mandateId: string; creditorId: string };
  'debit.failed': { amount: number; failedOn: string };
  'debit.reminder': { amount: number; since: string; reminder: number; blockOn: string };
  'payout.sent': { amount: number; iban: string | null; donated: boolean };
  'account.dormant': { balance: number; lastUsed: string; closeOn: string };
  'terms.changed': { effectiveOn: string; summary: string };
  'balance.low': { balance: number; threshold: number };
}

export interface Mail {
  subject: string;
  text: string;
}

const LOCALES: Record<MailLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };
const dateFormats = new Map<MailLanguage, Intl.DateTimeFormat>();

/** A date the long way, in the association's time zone: "3 december 2026" (nl-NL) or "3 December 2026" (en-GB). */
export function longDate(value: string | Date, language: MailLanguage): string {
  // A calendar day is that day wherever the server runs; noon UTC is the same day in Amsterdam.
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

/** Amounts as every Kassa page shows them (nl-NL: € 12,50), in both languages. */
export const money = (cents: number) => formatEuros(cents);

type Lines = (string | null | false)[];
const body = (greeting: string, lines: Lines, closing: string) => [greeting, '', ...lines.filter((l): l is string => typeof l === 'string'), '', closing].join('\n');

const GREETING: Record<MailLanguage, (name: string) => string> = { nl: (n) => `Beste ${n},`, en: (n) => `Dear ${n},` };
const CLOSING: Record<MailLanguage, string> = { nl: 'Met vriendelijke groet,\nHet bestuur', en: 'Kind regards,\nThe board' };

type Template<K extends NoticeKind> = (data: NoticeData[K], d: (v: string) => string) => { subject: string; lines: Lines };

const TEMPLATES: { [K in NoticeKind]: Record<MailLanguage, Template<K>> } = {
  'account_request.approved': {
    nl: (x) => ({
      subject: 'Je account is goedgekeurd',
      lines: [
        `Het bestuur heeft je aanvraag goedgekeurd: je account "${x.accountName}" is klaar voor gebruik.`,
        x.creditAccount ? 'Je betaalt achteraf: wat je koopt wordt maandelijks geïncasseerd.' : 'Waardeer je account op aan de bar of online om ermee te betalen.',
      ],
    }),
    en: (x) => ({
      subject: 'Your account has been approved',
      lines: [
        `The board approved your request: your account "${x.accountName}" is ready to use.`,
        x.creditAccount ? 'You pay afterwards: what you buy is collected by direct debit every month.' : 'Top up your account at the bar or online to pay with it.',
      ],
    }),
  },
  'account_request.rejected': {
    nl: (x) => ({
      subject: 'Je accountaanvraag is afgewezen',
      lines: ['Het bestuur heeft je aanvraag voor een account afgewezen.', x.note ? `Toelichting: ${x.note}` : null, 'Vragen? Spreek iemand van het bestuur aan.'],
    }),
    en: (x) => ({
      subject: 'Your account request was declined',
      lines: ['The board declined your request for an account.', x.note ? `Note: ${x.note}` : null, 'Questions? Ask a board member.'],
    }),
  },
  'direct_debit.prenotification': {
    nl: (x, d) => ({
      subject: `Aankondiging incasso van ${money(x.amount)}`,
      lines: [
        `Op ${d(x.collectionDate)} schrijven we ${money(x.amount)} van je rekening af.`,
        `Machtigingskenmerk: ${x.mandateId}`,
        `Incassant-ID: ${x.creditorId}`,
      ],
    }),
    en: (x, d) => ({
      subject: `Direct debit of ${money(x.amount)} announced`,
      lines: [`On ${d(x.collectionDate)} we will collect ${money(x.amount)} from your bank account.`, `Mandate reference: ${x.mandateId}`, `Creditor ID: ${x.creditorId}`],
    }),
  },
  'debit.failed': {
    nl: (x, d) => ({
      subject: `Incasso van ${money(x.amount)} mislukt`,
      lines: [
        `De incasso van ${money(x.amount)} is op ${d(x.failedOn)} mislukt of gestorneerd. Betalen op rekening staat daarom uit.`,
        'Waardeer je account binnen een maand op (online of aan de bar) om je schuld te betalen.',
      ],
    }),
    en: (x, d) => ({
      subject: `Direct debit of ${money(x.amount)} failed`,
      lines: [
        `The direct debit of ${money(x.amount)} failed or was reversed on ${d(x.failedOn)}. Paying on credit is switched off.`,
        'Please top up your account within a month (online or at the bar) to pay your debt.',
      ],
    }),
  },
  'debit.reminder': {
    nl: (x, d) => ({
      subject: `Herinnering ${x.reminder}: openstaand bedrag ${money(x.amount)}`,
      lines: [`Sinds ${d(x.since)} staat er ${money(x.amount)} open op je account.`, `Betaal vóór ${d(x.blockOn)}; daarna wordt je account geblokkeerd voor aankopen.`],
    }),
    en: (x, d) => ({
      subject: `Reminder ${x.reminder}: ${money(x.amount)} outstanding`,
      lines: [`Since ${d(x.since)} your account has ${money(x.amount)} outstanding.`, `Please pay before ${d(x.blockOn)}; after that your account is blocked for purchases.`],
    }),
  },
  'payout.sent': {
    nl: (x) => ({
      subject: x.donated ? 'Bedankt voor je donatie' : `Uitbetaling van ${money(x.amount)}`,
      lines: [x.donated ? `Je saldo van ${money(x.amount)} is aan de vereniging gedoneerd. Dank je wel!` : `We hebben ${money(x.amount)} overgemaakt naar ${x.iban ?? 'je rekening'}.`, 'Je account is gesloten.'],
    }),
    en: (x) => ({
      subject: x.donated ? 'Thank you for your donation' : `Payout of ${money(x.amount)}`,
      lines: [x.donated ? `Your balance of ${money(x.amount)} was donated to the association. Thank you!` : `We transferred ${money(x.amount)} to ${x.iban ?? 'your bank account'}.`, 'Your account is closed.'],
    }),
  },
  'account.dormant': {
    nl: (x, d) => ({
      subject: 'Je account wordt gesloten',
      lines: [
        `Je hebt je account sinds ${d(x.lastUsed)} niet gebruikt. Volgens de voorwaarden sluiten we het op ${d(x.closeOn)}; je saldo van ${money(x.balance)} vervalt dan.`,
        'Wil je het houden? Gebruik het vóór die datum, of vraag op je accountpagina een uitbetaling aan.',
      ],
    }),
    en: (x, d) => ({
      subject: 'Your account will be closed',
      lines: [
        `You have not used your account since ${d(x.lastUsed)}. As the terms allow, we will close it on ${d(x.closeOn)}; your balance of ${money(x.balance)} then expires.`,
        'Want to keep it? Use it before that date, or ask for a payout on your account page.',
      ],
    }),
  },
  'terms.changed': {
    nl: (x, d) => ({ subject: 'De voorwaarden veranderen', lines: [`Op ${d(x.effectiveOn)} gaan nieuwe voorwaarden in.`, x.summary] }),
    en: (x, d) => ({ subject: 'The terms are changing', lines: [`New terms take effect on ${d(x.effectiveOn)}.`, x.summary] }),
  },
  'balance.low': {
    nl: (x) => ({ subject: `Je saldo is ${money(x.balance)}`, lines: [`Je saldo is gezakt onder ${money(x.threshold)}: het is nu ${money(x.balance)}.`, 'Waardeer op aan de bar of online.'] }),
    en: (x) => ({ subject: `Your balance is ${money(x.balance)}`, lines: [`Your balance fell below ${money(x.threshold)}: it is now ${money(x.balance)}.`, 'Top up at the bar or online.'] }),
  },
};

/** The mail of one notice in the member's language. */
export function renderNotice<K extends NoticeKind>(kind: K, language: MailLanguage, name: string, data: NoticeData[K]): Mail {
  const template = TEMPLATES[kind][language] as Template<K>;
  const { subject, lines } = template(data, (v) => longDate(v, language));
  return { subject, text: body(GREETING[language](name), lines, CLOSING[language]) };
}
