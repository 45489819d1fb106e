import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Federation runtime plugin (every app's build registers it, scripts/rspack/app-config.mjs): a shared singleton resolves
 * to the copy the share scope already holds without the runtime checking that copy's version against the remote's
 * range.
 *
 * The runtime's own resolver runs that check for every shared module each app takes at start, parsing the semver ranges
 * anew each time: 24-30 ms of a cold till at 4x CPU slowdown in CPU profiles of bench/frontend's load. For a singleton
 * the check can only warn, never choose another copy, and Kassa's apps are built from one lockfile with the same range
 * for each dependency in every package.json (scripts/shared-versions.test.ts), so it could only pass. A module that is
 * not a singleton, or a version the scope does not hold, keeps the runtime's resolver.
 */
export default function singletonResolver(): ModuleFederationRuntimePlugin {
  return {
    name: 'kassa-singleton-resolver',
    resolveShare(args) {
      const { shareScopeMap, scope, pkgName, version, shareInfo } = args;
      const shared = shareInfo.shareConfig?.singleton && version !== undefined ? shareScopeMap[scope]?.[pkgName]?.[version] : undefined;
      if (shared) args.resolver = () => ({ shared, useTreesShaking: false });
      return args;
    },
  };
}
