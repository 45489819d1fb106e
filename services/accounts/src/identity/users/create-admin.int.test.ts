import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogModel } from '../../ledger/models/audit-log.model';
import { loginAs, startAccountsTestApp, stopAccountsTestApp, bearer, type AccountsTestApp } from '../../testing/accounts-test-app';
import { createAdmin, CreateAdminRefused } from './create-admin';

/** The first administrator of an empty (production) database, made by the operator's command, on FerretDB. */
describe('createAdmin', () => {
  let app: AccountsTestApp;

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: false })).app;
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('makes an administrator who signs in and opens the admin settings, audited as the operator without a secret', async () => {
    const made = await createAdmin(app.db, { username: ' Penning.Meester ', password: 'kas-en-bank-2026' });
    expect(made.username).toBe('penning.meester');
    const token = await loginAs(app, 'penning.meester', 'kas-en-bank-2026');
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings/', headers: bearer(token) })).statusCode).toBe(200);
    const entries = await auditLogModel(app.db).find({ entityId: made.id }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'user.create', who: { userId: null, username: 'operator' }, after: { username: 'penning.meester', isAdmin: true } });
    expect(JSON.stringify(entries[0])).not.toMatch(/passwordHash|kas-en-bank|\$2[aby]\$/);
  });

  it('refuses a taken username, a short password and a bad username, making nothing', async () => {
    await expect(createAdmin(app.db, { username: 'penning.meester', password: 'another-password' })).rejects.toThrow(new CreateAdminRefused('The username penning.meester is taken.'));
    await expect(createAdmin(app.db, { username: 'kort', password: 'kort' })).rejects.toThrow('A password has at least 8 characters.');
    await expect(createAdmin(app.db, { username: 'no spaces allowed', password: 'long-enough-1' })).rejects.toThrow(/A username has 2 to 40/);
    expect(await auditLogModel(app.db).countDocuments({ action: 'user.create' })).toBe(1);
  });
});
