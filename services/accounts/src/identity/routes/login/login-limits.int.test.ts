import { CLIENT_ADDRESS_HEADER } from '@kassa/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../../models/user.model';
import { LOGIN_LIMITS, slowDownMs } from '../../security/login-guard';
import { hashPassword } from '../../security/passwords';
import { startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

/** Failed sign-ins limited per username and address, per address, and slowed per username, on the real accounts service and FerretDB. */
describe('sign-in limits', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    const passwordHash = await hashPassword('secret-password');
    await userModel(app.db).insertMany(Array.from({ length: 36 }, (_, i) => ({ username: `nat-${i}`, passwordHash })));
  });
  afterAll(async () => stopAccountsTestApp(app));

  const login = (username: string, password: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/login/', headers: { [CLIENT_ADDRESS_HEADER]: address }, payload: { username, password } });

  it('never stops a bar behind one address: 6 tills and 30 members signing in within a minute, a few typos among them', async () => {
    const address = '203.0.113.7';
    expect((await login('nat-0', 'typo', address)).statusCode).toBe(400);
    expect((await login('nat-1', 'typo', address)).statusCode).toBe(400);
    const answers = await Promise.all(Array.from({ length: 36 }, (_, i) => login(`nat-${i}`, 'secret-password', address)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(36).fill(200));
  });

  it('stops guessing one password from one address after 10 failures, counted exactly also when 30 arrive at once', async () => {
    const address = '198.51.100.1';
    const wrong = await Promise.all(Array.from({ length: 30 }, (_, i) => login('till', `guess-${i}`, address)));
    const counted = wrong.filter((r) => r.statusCode === 400).length;
    expect(counted).toBe(LOGIN_LIMITS.userAtAddress);
    expect(wrong.filter((r) => r.statusCode === 429).length).toBe(30 - counted);
    const after = await login('till', 'till', address);
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({ errorIdentifier: 'too_many_requests', errorMessage: expect.stringMatching(/^Too many failed sign-ins\. Try again in \d+ minutes?\.$/) });
    // Another user from the same address is not affected.
    expect((await login('bar', 'bar', address)).statusCode).toBe(200);
  });

  it('never lets a stranger lock a user out: ten wrong passwords from A, the right one from B signs in, from A it is refused', async () => {
    for (let i = 0; i < 10; i++) expect((await login('admin', `guess-${i}`, '192.0.2.10')).statusCode).toBe(400);
    expect((await login('admin', 'admin', '192.0.2.10')).statusCode).toBe(429);
    expect((await login('admin', 'admin', '192.0.2.11')).statusCode).toBe(200);
    // Guessing on from other addresses is answered, only slowly (the slow-down per username; slowDownMs below).
    expect((await login('admin', 'guess-x', '192.0.2.12')).statusCode).toBe(400);
    expect((await login('admin', 'admin', '192.0.2.13')).statusCode).toBe(200);
  });

  it('slows the wrong answers of a username failing from many addresses, more with each failure, up to 3 s', () => {
    expect([1, 10, 11, 12, 20, 22, 100].map(slowDownMs)).toEqual([0, 0, 250, 500, 2500, 3000, 3000]);
  });

  it('stops one address trying many names after 50 failures, while other addresses sign in', async () => {
    const address = '203.0.113.66';
    for (let i = 0; i < LOGIN_LIMITS.address; i++) expect((await login(`nobody-${i}`, 'x', address)).statusCode).toBe(400);
    expect((await login('member', 'member', address)).statusCode).toBe(429);
    expect((await login('member', 'member', '203.0.113.67')).statusCode).toBe(200);
  });
});
