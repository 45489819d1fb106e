import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/local-mongo';
import singletonResolver from './rspack/singleton-resolver';

const dependencies = (app: string) => (JSON.parse(readFileSync(join(ROOT, app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;

describe('shared modules', () => {
  // The federation runtime no longer checks a remote's range of a shared module against the host's copy at start
  // (rspack/singleton-resolver.ts): a remote asking for another version is caught here, before it is built.
  it.each(['mfe-pos', 'mfe-account', 'mfe-admin', 'mfe-slides'])("%s declares the shell's range for each dependency they share", (app) => {
    const shell = dependencies('shell');
    const own = dependencies(app);
    const both = Object.keys(own).filter((pkg) => pkg in shell);
    expect(both).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', '@kassa/api-client', '@kassa/ui']));
    for (const pkg of both) expect(`${pkg}@${own[pkg]}`).toBe(`${pkg}@${shell[pkg]}`);
  });

  describe('the singleton resolver', () => {
    const shared = { version: '19.3.1', from: 'shell' };
    const resolve = (shareConfig: object, version: string | undefined) => {
      const args = { shareScopeMap: { default: { react: { '19.3.1': shared } } }, scope: 'default', pkgName: 'react', version, shareInfo: { shareConfig }, resolver: () => 'runtime' };
      const hook = singletonResolver().resolveShare as unknown as (a: typeof args) => typeof args;
      return hook(args).resolver();
    };

    it("gives a singleton the share scope's copy, whatever range was asked for", () => {
      expect(resolve({ singleton: true, requiredVersion: '^18.0.0' }, '19.3.1')).toEqual({ shared, useTreesShaking: false });
    });

    it("leaves a module that is not a singleton, or a version the scope does not hold, to the runtime's own resolver", () => {
      expect(resolve({ singleton: false, requiredVersion: '^19.0.0' }, '19.3.1')).toBe('runtime');
      expect(resolve({ singleton: true }, undefined)).toBe('runtime');
      expect(resolve({ singleton: true }, '20.0.0')).toBe('runtime');
    });
  });
});
