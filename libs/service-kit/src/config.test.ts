import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BaseEnv, DemoSeedEnv, DEV_SECRETS, isTraining, loadConfig, onLocalhost, seedsDemo, serviceUrls } from './config';

const ServiceEnv = BaseEnv.extend({
  PIN_PEPPER: z.string().default(DEV_SECRETS.PIN_PEPPER),
  TERMINAL_PROVIDER: z.enum(['standin', 'sepay']).default('standin'),
  SSO_PROVIDER: z.enum(['standin', 'viaduct']).default('standin'),
  ...DemoSeedEnv,
});
const own = { JWT_SECRET: 'x'.repeat(40), INTERNAL_TOKEN: 'y'.repeat(24), PIN_PEPPER: 'z'.repeat(24), TERMINAL_PROVIDER: 'sepay', SSO_PROVIDER: 'viaduct' };

describe('loadConfig in production', () => {
  it('refuses every development secret and stand-in at once, naming each variable', () => {
    let message = '';
    try {
      loadConfig(ServiceEnv, { NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Refusing to start in production/);
    for (const key of ['JWT_SECRET', 'INTERNAL_TOKEN', 'PIN_PEPPER', 'TERMINAL_PROVIDER', 'SSO_PROVIDER']) expect(message).toContain(`  ${key}: `);
  });

  it('refuses an explicit demo seed (admin/admin) like the other training things', () => {
    expect(() => loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own, KASSA_SEED_DEMO: '1' })).toThrow(/^Refusing[^\n]*\n {2}KASSA_SEED_DEMO: [^\n]*$/);
  });

  it("refuses the end-to-end tests' early collection of a direct-debit batch", () => {
    const WithEarly = ServiceEnv.extend({ DIRECT_DEBIT_COLLECT_EARLY: z.enum(['0', '1']).default('0').transform((v) => v === '1') });
    expect(() => loadConfig(WithEarly, { NODE_ENV: 'production', ...own, DIRECT_DEBIT_COLLECT_EARLY: '1' })).toThrow(/^Refusing[^\n]*\n {2}DIRECT_DEBIT_COLLECT_EARLY: [^\n]*$/);
    expect(loadConfig(WithEarly, { NODE_ENV: 'production', ...own }).DIRECT_DEBIT_COLLECT_EARLY).toBe(false);
  });

  it("refuses the end-to-end tests' shorter screen refresh, and keeps SPEC's minute", () => {
    const WithRefresh = ServiceEnv.extend({ CLIENT_REFRESH_MS: z.coerce.number().int().default(60_000) });
    expect(() => loadConfig(WithRefresh, { NODE_ENV: 'production', ...own, CLIENT_REFRESH_MS: '10000' })).toThrow(/^Refusing[^\n]*\n {2}CLIENT_REFRESH_MS: [^\n]*$/);
    expect(loadConfig(WithRefresh, { NODE_ENV: 'production', ...own, CLIENT_REFRESH_MS: '60000' }).CLIENT_REFRESH_MS).toBe(60_000);
    expect(loadConfig(WithRefresh, { NODE_ENV: 'production', ...own }).CLIENT_REFRESH_MS).toBe(60_000);
  });

  it('refuses to send mail to the local catcher: a service that mails needs SMTP_URL; one that does not is not asked', () => {
    const WithMail = ServiceEnv.extend({ SMTP_URL: z.string().url().nullable().default(null) });
    expect(() => loadConfig(WithMail, { NODE_ENV: 'production', ...own })).toThrow(/^Refusing[^\n]*\n {2}SMTP_URL: [^\n]*$/);
    expect(loadConfig(WithMail, { NODE_ENV: 'production', ...own, SMTP_URL: 'smtp://kassa:secret@mail.example.org:587' }).SMTP_URL).toBe('smtp://kassa:secret@mail.example.org:587');
    expect(loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own })).not.toHaveProperty('SMTP_URL');
    expect(loadConfig(WithMail, { NODE_ENV: 'development' }).SMTP_URL).toBeNull();
    expect(loadConfig(WithMail, { NODE_ENV: 'production', ...own, KASSA_TRAINING: '1' }, () => undefined).SMTP_URL).toBeNull();
  });

  it('names only what is still wrong', () => {
    expect(() => loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own, INTERNAL_TOKEN: DEV_SECRETS.INTERNAL_TOKEN })).toThrow(/^Refusing[^\n]*\n {2}INTERNAL_TOKEN: [^\n]*$/);
  });

  it('starts with secrets of its own and real providers', () => {
    const env = loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own });
    expect(isTraining(env)).toBe(false);
  });

  it('does not seed the demo data unless asked, and a training run may ask', () => {
    expect(seedsDemo(loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own }))).toBe(false);
    expect(seedsDemo(loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own, KASSA_SEED_DEMO: '0' }))).toBe(false);
    expect(seedsDemo(loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1' }, () => undefined))).toBe(false);
    expect(seedsDemo(loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1', KASSA_SEED_DEMO: '1' }, () => undefined))).toBe(true);
  });

  it('starts with stand-ins and development secrets when KASSA_TRAINING=1 says it is a training run', () => {
    const env = loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1' }, () => undefined);
    expect(isTraining(env)).toBe(true);
  });

  it('refuses the published secrets in a training run that is not on localhost, naming only them', () => {
    const reachable = [
      { HOST: '0.0.0.0' },
      { PUBLIC_URL: 'https://bar.example.org' },
      { HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:8080' },
    ];
    for (const where of reachable) {
      const start = () => loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1', ...where }, () => undefined);
      expect(start, JSON.stringify(where)).toThrow(/^Refusing to start in production \(KASSA_TRAINING=1 lifts the published development secrets only on localhost/);
      expect(start).toThrow(/\n {2}JWT_SECRET: [^\n]*\n {2}INTERNAL_TOKEN: [^\n]*\n {2}PIN_PEPPER: [^\n]*$/);
    }
    // Its own secrets: a training run anywhere, stand-ins and demo data included.
    const own = { JWT_SECRET: 'x'.repeat(40), INTERNAL_TOKEN: 'y'.repeat(24), PIN_PEPPER: 'z'.repeat(24) };
    const env = loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1', KASSA_SEED_DEMO: '1', HOST: '0.0.0.0', PUBLIC_URL: 'https://bar.example.org', ...own }, () => undefined);
    expect(seedsDemo(env)).toBe(true);
  });

  it('knows localhost by a loopback HOST and a loopback PUBLIC_URL, both', () => {
    expect(onLocalhost({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080' })).toBe(true);
    expect(onLocalhost({ HOST: '::1', PUBLIC_URL: 'http://[::1]:8080' })).toBe(true);
    expect(onLocalhost({ HOST: 'localhost', PUBLIC_URL: 'http://127.0.0.5' })).toBe(true);
    expect(onLocalhost({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:8080' })).toBe(false);
    expect(onLocalhost({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost.example.org' })).toBe(false);
    expect(onLocalhost({ HOST: '127.0.0.1', PUBLIC_URL: 'not a url' })).toBe(false);
  });

  it('says loudly at start-up what a training run lifts, and says nothing in a plain production start', () => {
    const said: string[] = [];
    loadConfig(ServiceEnv, { NODE_ENV: 'production', KASSA_TRAINING: '1' }, (m) => said.push(m));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^\*\*\* TRAINING \(KASSA_TRAINING=1\): production refusals lifted, no real money \*\*\*\n/);
    for (const key of ['JWT_SECRET', 'INTERNAL_TOKEN', 'PIN_PEPPER', 'TERMINAL_PROVIDER', 'SSO_PROVIDER']) expect(said[0]).toContain(`\n  ${key}: `);
    loadConfig(ServiceEnv, { NODE_ENV: 'production', ...own }, (m) => said.push(m));
    loadConfig(ServiceEnv, {}, (m) => said.push(m));
    expect(said).toHaveLength(1);
  });

  it('lets development and tests (npm start) run the stand-ins, as training', () => {
    expect(isTraining(loadConfig(ServiceEnv, {}))).toBe(true);
  });

  it('seeds the demo data outside production unless KASSA_SEED_DEMO=0', () => {
    expect(seedsDemo(loadConfig(ServiceEnv, {}))).toBe(true);
    expect(seedsDemo(loadConfig(ServiceEnv, { NODE_ENV: 'test' }))).toBe(true);
    expect(seedsDemo(loadConfig(ServiceEnv, { KASSA_SEED_DEMO: '0' }))).toBe(false);
  });
});

it('a service with replicas: *_URLS lists them, and serviceUrls gives them (else the one *_URL)', () => {
  const env = BaseEnv.parse({ ACCOUNTS_URLS: 'http://a:8081, http://b:8081' });
  expect(serviceUrls(env, 'accounts')).toEqual(['http://a:8081', 'http://b:8081']);
  expect(serviceUrls(env, 'catalog')).toEqual(['http://127.0.0.1:8082']);
  expect(() => loadConfig(BaseEnv, { ACCOUNTS_URLS: 'http://a:8081,not a url' })).toThrow(/ACCOUNTS_URLS/);
});
