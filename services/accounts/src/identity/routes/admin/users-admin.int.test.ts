import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../../ledger/models/account.model';
import { auditLogModel } from '../../../ledger/models/audit-log.model';
import { userModel } from '../../models/user.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';
import { realClock, secondLater } from '../../../testing/token-clock';

/** Users and registers as the board manages them, on the real accounts service (FerretDB and Redis). */
describe('user and register administration', () => {
  let app: AccountsTestApp;
  let admin = '';
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    realClock();
    await stopAccountsTestApp(app);
  });

  it('makes a user who signs in; a password reset or disable ends their old token, losing the admin flag gives 403', async () => {
    const created = await call('POST', '/api/admin/users/', { username: ' Penning.Meester ', password: 'kas-en-bank', isAdmin: true });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().result as { id: string; username: string; isAdmin: boolean; hasPassword: boolean };
    expect(user).toMatchObject({ username: 'penning.meester', isAdmin: true, hasPassword: true });
    expect(created.body).not.toMatch(/passwordHash|\$2[aby]\$/);

    const token = await loginAs(app, 'penning.meester', 'kas-en-bank');
    expect((await call('GET', '/api/admin/settings/', undefined, token)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/users/${user.id}/`, { isAdmin: false })).json().result.isAdmin).toBe(false);
    expect((await call('GET', '/api/admin/settings/', undefined, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/config/', undefined, token)).statusCode).toBe(200);

    secondLater(); // tokens count in whole seconds: the reset comes a second later
    expect((await call('POST', `/api/admin/users/${user.id}/password`, { password: 'nieuw-wachtwoord' })).statusCode).toBe(200);
    expect((await call('GET', '/api/config/', undefined, token)).statusCode).toBe(401);
    const again = await loginAs(app, 'penning.meester', 'nieuw-wachtwoord');
    expect((await call('GET', '/api/config/', undefined, again)).statusCode).toBe(200);

    expect((await call('PATCH', `/api/admin/users/${user.id}/`, { disabled: true })).json().result.disabled).toBe(true);
    expect((await call('GET', '/api/config/', undefined, again)).statusCode).toBe(401);
    const refused = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'penning.meester', password: 'nieuw-wachtwoord' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe('This user is disabled. Ask the board to enable it again.');

    // No secret in any audit entry of this user.
    const entries = await auditLogModel(app.db).find({ entityId: user.id }).lean();
    expect(entries.map((e) => e.action).sort()).toEqual(['user.create', 'user.password.reset', 'user.update', 'user.update']);
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|\$2[aby]\$|kas-en-bank|nieuw-wachtwoord|tfaSecret/);
  });

  it('keeps an admin from locking themselves out, and refuses taken names, short passwords and a linked account', async () => {
    const me = (await userModel(app.db).findOne({ username: 'admin' }).lean())!;
    const demote = await call('PATCH', `/api/admin/users/${me._id}/`, { isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errorMessage).toBe('You cannot take away your own admin rights. Ask another admin.');
    expect((await call('PATCH', `/api/admin/users/${me._id}/`, { disabled: true })).statusCode).toBe(409);

    expect((await call('POST', '/api/admin/users/', { username: 'member', password: 'long enough' })).statusCode).toBe(409);
    const short = await call('POST', '/api/admin/users/', { username: 'kort', password: 'kort' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toEqual([{ loc: ['body', 'password'], msg: 'A password has at least 8 characters.', type: 'value_error' }]);

    const member = (await userModel(app.db).findOne({ username: 'member' }).lean())!;
    const linked = await call('POST', '/api/admin/users/', { username: 'tweede', password: 'long enough', accountId: String(member.accountId) });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().errorMessage).toBe('This account is already linked to user member.');
    // An account nobody holds yet can be linked (picked so, not skipped when the first account found is held).
    const held = (await userModel(app.db).find({ accountId: { $ne: null } }, { accountId: 1 }).lean()).map((u) => u.accountId);
    const account = await accountModel(app.db).findOne({ _id: { $nin: held } }).lean();
    expect(account?._id).toBeInstanceOf(Types.ObjectId);
    expect((await call('POST', '/api/admin/users/', { username: 'tweede', password: 'long enough', accountId: String(account!._id) })).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/users/${new Types.ObjectId().toHexString()}/`)).statusCode).toBe(404);
    const found = (await call('GET', '/api/admin/users/?search=mem')).json().result as { items: { username: string }[] };
    expect(found.items.map((u) => u.username)).toEqual(['member']);
  });

  it('manages registers: capabilities hold at once, names are unique, one with users cannot be deleted', async () => {
    const created = await call('POST', '/api/admin/registers/', { name: 'Terras', capabilities: ['PAYMENT_CASH', 'PAYMENT_CARD'], terminalName: 'Terras-pin' });
    expect(created.statusCode, created.body).toBe(200);
    const register = created.json().result as { id: string };
    expect((await call('POST', '/api/admin/registers/', { name: 'terras', capabilities: [] })).statusCode).toBe(409);
    const unknown = await call('POST', '/api/admin/registers/', { name: 'Kelder', capabilities: ['PAYMENT_BITCOIN'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'capabilities', 0]);

    const user = (await call('POST', '/api/admin/users/', { username: 'terras-tap', password: 'long enough', registerId: register.id })).json().result as { id: string };
    const till = await loginAs(app, 'terras-tap', 'long enough');
    const config = async () => (await call('GET', '/api/config/', undefined, till)).json().result.register.capabilities as string[];
    expect(await config()).toEqual(['PAYMENT_CASH', 'PAYMENT_CARD']);
    const busy = await call('DELETE', `/api/admin/registers/${register.id}/`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorMessage).toBe('Terras still has users: terras-tap. Give them another register first.');

    expect((await call('PUT', `/api/admin/registers/${register.id}/`, { name: 'Terras', capabilities: ['PAYMENT_CARD'], terminalName: null })).statusCode).toBe(200);
    expect(await config()).toEqual(['PAYMENT_CARD']);
    const rights = await app.authDirectory.rightsOf(app.jwt.decode(till)!);
    expect(rights?.capabilities).toEqual(['PAYMENT_CARD']);

    // A user moved to another register holds that register's rights with the token from before the move, then none.
    const cellar = (await call('POST', '/api/admin/registers/', { name: 'Kelder', capabilities: ['PAYMENT_OTHER'] })).json().result as { id: string };
    await call('PATCH', `/api/admin/users/${user.id}/`, { registerId: cellar.id });
    expect(await app.authDirectory.rightsOf(app.jwt.decode(till)!)).toMatchObject({ capabilities: ['PAYMENT_OTHER'], registerId: cellar.id });
    await call('PATCH', `/api/admin/users/${user.id}/`, { registerId: null });
    expect(await app.authDirectory.rightsOf(app.jwt.decode(till)!)).toMatchObject({ capabilities: [], registerId: null });
    expect((await call('DELETE', `/api/admin/registers/${register.id}/`)).statusCode).toBe(200);
  });
});
