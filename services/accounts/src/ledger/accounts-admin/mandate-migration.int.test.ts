import { migrationModel } from '@kassa/service-kit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../models/account.model';
import { startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';
import { mandateIdFor } from './mandate';
import { migrateMandates } from './mandate-migration';

describe('mandates for existing credit accounts', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('gives every credit account of the demo a mandate', async () => {
    const credit = await accountModel(app.db).find({ creditAccount: true }).lean();
    expect(credit.length).toBeGreaterThan(5);
    for (const a of credit) expect(a.mandateId).toBe(mandateIdFor(String(a._id)));
  });

  it('fills in credit accounts made before mandates once, and leaves prepaid accounts and existing mandates alone', async () => {
    const Account = accountModel(app.db);
    const createdAt = new Date('2024-05-06T10:00:00Z');
    const [old, prepaid, own] = await Account.insertMany([
      { name: 'Oud Krediet', creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', createdAt },
      { name: 'Oud Prepaid', creditAccount: false },
      { name: 'Eigen Mandaat', creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: 'PAPER-1', mandateSignedAt: '2020-01-02' },
    ]);
    // The app ran the migration at start, on the demo: run it again as a later start would after an upgrade.
    await migrationModel(app.db).deleteOne({ key: 'credit-account-mandates' });
    await migrateMandates(app.db, new Date());
    expect(await Account.findById(old!._id).lean()).toMatchObject({ mandateId: mandateIdFor(String(old!._id)), mandateSignedAt: '2024-05-06' });
    expect(await Account.findById(prepaid!._id).lean()).toMatchObject({ mandateId: null });
    expect(await Account.findById(own!._id).lean()).toMatchObject({ mandateId: 'PAPER-1', mandateSignedAt: '2020-01-02' });

    // Done once: a credit account made without a mandate afterwards keeps none (the batch skips it, the admin adds one).
    const later = await Account.create({ name: 'Later Krediet', creditAccount: true });
    await migrateMandates(app.db, new Date());
    expect(await Account.findById(later._id).lean()).toMatchObject({ mandateId: null });
  });
});
