import { ALL_CAPABILITIES, type AccountType, type Capability } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { composeIBAN } from 'ibantools';
import { Types, type Connection } from 'mongoose';
import { mandateIdFor } from '../ledger/accounts-admin/mandate';
import { DEV_PIN_PEPPER } from '../config';
import { accountModel } from '../ledger/models/account.model';
import { registerAccountsModels } from '../models/all-models';
import { postingModel } from '../ledger/models/posting.model';
import { userModel } from '../identity/models/user.model';
import { ensureRegister } from '../identity/registers';
import { hashPassword } from '../identity/security/passwords';
import { hashPin } from '../ledger/pins/secrets';
import { getSettings } from '../settings';

export const DEMO_PIN = '1234';
const DAY = 86_400_000;

const REGISTERS: Record<string, Capability[]> = {
  Admin: [...ALL_CAPABILITIES],
  Bar: ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO', 'DEPOSIT_RETURN'],
  Till: ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_OTHER', 'PAYMENT_UNDO'],
  Members: ['PAYMENT_ACCOUNT_SELF'],
};

/** [username = password, register, isAdmin] */
const USERS: [string, keyof typeof REGISTERS, boolean][] = [
  ['admin', 'Admin', true],
  // A second admin, so a newcomer can try four eyes: one admin prepares a credit note or a collected batch, the other approves.
  ['admin2', 'Admin', true],
  ['bar', 'Bar', false],
  ['till', 'Till', false],
  ['member', 'Members', false],
  ['newbie', 'Members', false],
];

/** [name, opening balance in cents, direct debit, type]: across the alphabet, with digits, "@" and accents. */
const ACCOUNTS: [string, number, boolean?, AccountType?][] = [
  ['Anouk Jansen', 1850], ['Arjen Bosma', 0], ['Bram de Vries', 4200], ['Bas van Dijk', 650, true], ['Charlotte Bakker', 2375],
  ['Daan Visser', 120], ['Dewi Smit', 3000], ['Eva Meijer', 975], ['Emma de Boer', -1250, true], ['Femke Mulder', 5000],
  ['Floor de Groot', 45], ['Gijs Bos', 2210, true], ['Hanna Vos', 800], ['Hugo Peters', 0], ['Isa Hendriks', 1525],
  ['Ivo van Leeuwen', -4320, true], ['Jan de Jong', 2640], ['Jesse Dekker', 310], ['Julia Brouwer', 7800], ['Kees de Wit', 1000, true],
  ['Koen Schipper', 95], ['Lotte Dijkstra', 2050], ['Lars Smits', -890, true], ['Lieke de Graaf', 1340], ['Luuk van Dam', 560],
  ['Mila van der Meer', 4100], ['Milan van der Linden', 0, true], ['Maud Gerritsen', 1720], ['Marloes Koning', 265], ['Noor Kok', 3350],
  ['Niels Jacobs', 1480], ['Nina Hermans', -2075, true], ['Olivier de Haan', 700], ['Pien Vermeulen', 2890], ['Pepijn van den Heuvel', 150],
  ['Quinten van der Veen', 1100], ['Roos van den Broek', 3725], ['Ruben de Bruijn', 40], ['Rik van der Wal', 1950, true], ['Sanne de Bruin', 2500],
  ['Sem van der Heijden', 815], ['Sophie Postma', 6100], ['Stijn Kuipers', -315, true], ['Tess Schouten', 1275], ['Thijs van Beek', 0],
  ['Tim Kramer', 2330], ['Umut Yılmaz', 905], ['Vera Willems', 1660], ['Wouter van Vliet', 4475, true], ['Xander Hoekstra', 380],
  ['Yara Maas', 1215], ['Yusuf El Amrani', 2760], ['Zoë Verhoeven', 530], ['Zeger Koster', 1890],
  ['Émile Prins', 1425], ['Ömer Kaya', 680], ['ilse van Wijk', 2100], ['éloïse Blom', 350],
  ['1e Elftal', 12500, true], ['3e Dames', 4650], ['42 Pils Club', 870],
  ['@Bestuur', 25000, true], ['@Barcommissie', 9350],
  ['Feestweek 2026', 50000, false, 'event'],
];

const BANKS = ['INGB', 'ABNA', 'RABO', 'SNSB', 'TRIO', 'ASNB', 'BUNQ', 'KNAB'];
const BICS: Record<string, string> = { INGB: 'INGBNL2A', ABNA: 'ABNANL2A', RABO: 'RABONL2U', SNSB: 'SNSBNL2A', TRIO: 'TRIONL2U', ASNB: 'ASNBNL21', BUNQ: 'BUNQNL2A', KNAB: 'KNABNL2H' };

/** A valid Dutch IBAN and its BIC, derived from a number so the demo is the same on every machine. */
export function demoIban(n: number): { iban: string; bic: string } {
  const bank = BANKS[n % BANKS.length] ?? 'INGB';
  const account = String(1_000_000_000 + ((n * 7_919_431) % 8_999_999_999)).padStart(10, '0').slice(-10);
  return { iban: composeIBAN({ countryCode: 'NL', bban: `${bank}${account}` }) ?? '', bic: BICS[bank] ?? 'INGBNL2A' };
}

interface NewAccount {
  name: string;
  balance: number;
  creditAccount: boolean;
  type: AccountType;
  lastUsed: Date;
  userId?: Types.ObjectId;
  /** A tab: its limit (cents, null for none) and who its invoices go to. */
  tab?: { tabLimit: number | null; invoiceName: string; invoiceAddress: string };
}

/** Inserts accounts with PIN 1234 and an opening posting each (key `opening:<accountId>`), in bulk. */
async function insertAccounts(db: Connection, pepper: string, list: NewAccount[], now: Date, ibanOffset = 0): Promise<Types.ObjectId[]> {
  const Account = accountModel(db);
  const Posting = postingModel(db);
  const accounts = list.map((a, i) => {
    const _id = new Types.ObjectId();
    return {
      _id,
      name: a.name,
      type: a.type,
      creditAccount: a.creditAccount,
      ...(a.creditAccount ? demoIban(ibanOffset + i) : { iban: null, bic: null }),
      // A credit account comes with its direct-debit mandate, signed when it was opened.
      ...(a.creditAccount ? { mandateId: mandateIdFor(_id.toHexString()), mandateSignedAt: localDay(new Date(now.getTime() - 365 * DAY), 'Europe/Amsterdam') } : {}),
      ...(a.tab ? { tab: true, ...a.tab } : {}),
      ...hashPin(pepper, DEMO_PIN),
      lastUsed: a.lastUsed,
      userId: a.userId ?? null,
      balance: a.balance,
      headSeq: a.balance === 0 ? 0 : 1,
    };
  });
  const postings = accounts
    .filter((a) => a.balance !== 0)
    .map((a) => ({
      accountId: a._id,
      seq: 1,
      amount: a.balance,
      balanceAfter: a.balance,
      key: `opening:${a._id.toHexString()}`,
      kind: 'opening',
      ref: 'demo',
      description: 'Opening balance',
      at: new Date(now.getTime() - 365 * DAY),
      day: localDay(new Date(now.getTime() - 365 * DAY), 'Europe/Amsterdam'),
    }));
  for (let i = 0; i < accounts.length; i += 1000) await Account.insertMany(accounts.slice(i, i + 1000), { lean: true });
  for (let i = 0; i < postings.length; i += 1000) await Posting.insertMany(postings.slice(i, i + 1000), { lean: true });
  return accounts.map((a) => a._id);
}

/**
 * Each demo password's hash, made once per process. A process that seeds many fresh databases (the integration tests:
 * about 70 in a run, two workers) hashed the six passwords with bcrypt for each, 0.39 s a time on this kind of machine
 * (some 27 s of CPU in all); a hash carries its own salt, so one per password serves every database. A real start
 * seeds once.
 */
const demoPasswordHashes = new Map<string, Promise<string>>();
function demoPasswordHash(password: string): Promise<string> {
  let hash = demoPasswordHashes.get(password);
  if (!hash) demoPasswordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** Spread over the last 200 days, the same on every run. */
const lastUsedFor = (i: number, now: Date) => new Date(now.getTime() - ((i * 37) % 200) * DAY - ((i * 7) % 24) * 3_600_000);

/**
 * Demo users, registers, settings and accounts on an empty database (does nothing when users exist).
 * Logins: admin/admin, admin2/admin2 (a second admin, to approve), bar/bar, till/till, member/member, newbie/newbie;
 * every demo account has PIN 1234.
 */
export async function seedAccountsDemo(db: Connection, pepper: string = DEV_PIN_PEPPER, now: Date = new Date()): Promise<boolean> {
  registerAccountsModels(db);
  const User = userModel(db);
  if ((await User.countDocuments()) > 0) return false;
  await getSettings(db);
  const registerIds: Record<string, Types.ObjectId> = {};
  for (const [name, caps] of Object.entries(REGISTERS)) registerIds[name] = await ensureRegister(db, name, caps);

  const userIds: Record<string, Types.ObjectId> = {};
  for (const [username, register, isAdmin] of USERS) {
    const created = await User.create({
      username,
      passwordHash: await demoPasswordHash(username),
      isAdmin,
      registerId: registerIds[register],
      ...(username === 'member' ? { viaductUserId: '1000', displayName: 'Marit de Member', email: 'marit@example.org' } : {}),
    });
    userIds[username] = created._id;
  }

  const [memberAccountId, adminAccountId, admin2AccountId] = await insertAccounts(
    db,
    pepper,
    [
      { name: 'Marit de Member', balance: 2500, creditAccount: false, type: 'member', lastUsed: new Date(now.getTime() - 2 * DAY), userId: userIds.member },
      // The admin holds PAYMENT_ACCOUNT_SELF like every capability, so it gets an own (credit) account instead of the setup page.
      { name: 'Adriaan Admin', balance: 0, creditAccount: true, type: 'member', lastUsed: new Date(now.getTime() - 9 * DAY), userId: userIds.admin },
      { name: 'Bea Beheer', balance: 0, creditAccount: true, type: 'member', lastUsed: new Date(now.getTime() - 12 * DAY), userId: userIds.admin2 },
    ],
    now,
  );
  await User.updateOne({ _id: userIds.member }, { $set: { accountId: memberAccountId } });
  await User.updateOne({ _id: userIds.admin }, { $set: { accountId: adminAccountId } });
  await User.updateOne({ _id: userIds.admin2 }, { $set: { accountId: admin2AccountId } });
  // Staff and the existing member have accepted the current terms; newbie is new and still has to.
  const settings = await getSettings(db);
  await User.updateMany({ username: { $ne: 'newbie' } }, { $set: { acceptedConditionVersion: settings.conditionsVersion } });

  await insertAccounts(
    db,
    pepper,
    ACCOUNTS.map(([name, balance, credit, type], i) => ({ name, balance, creditAccount: credit ?? false, type: type ?? 'member', lastUsed: lastUsedFor(i, now) })),
    now,
    1,
  );
  // An event that runs a tab, invoiced afterwards (docs/decisions.md "Tabs"): no money on it, a limit of € 500,00.
  await insertAccounts(
    db,
    pepper,
    [
      {
        name: 'Lustrum committee',
        balance: 0,
        creditAccount: false,
        type: 'event',
        lastUsed: new Date(now.getTime() - 3 * DAY),
        tab: { tabLimit: 50_000, invoiceName: 'Lustrumcommissie, t.a.v. de penningmeester', invoiceAddress: 'Oudegracht 12\n3511 AB Utrecht' },
      },
    ],
    now,
    ACCOUNTS.length + 1,
  );
  return true;
}

const FIRST = ['Jan', 'Sanne', 'Pieter', 'Lotte', 'Kees', 'Anouk', 'Willem', 'Fleur', 'Thomas', 'Iris', 'Joost', 'Merel', 'Bart', 'Lisa', 'Ruud', 'Eline', 'Émile', 'Noah', 'Zoë', 'Mohammed'];
const LAST = ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits'];

/** Adds `count` member accounts (a fifth on direct debit) with opening postings, for benchmarks; returns their ids. */
export async function seedLargeAccounts(db: Connection, count: number, pepper: string = DEV_PIN_PEPPER, now: Date = new Date()): Promise<Types.ObjectId[]> {
  registerAccountsModels(db);
  const list: NewAccount[] = Array.from({ length: count }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`,
    balance: i % 5 === 0 ? ((i * 131) % 6000) - 2000 : (i * 173) % 8000,
    creditAccount: i % 5 === 0,
    type: 'member',
    lastUsed: lastUsedFor(i, now),
  }));
  return insertAccounts(db, pepper, list, now, 1000);
}
