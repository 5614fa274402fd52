import { describe, expect, it } from 'vitest';
import { staleAllowScripts, undecidedInstallScripts } from './install-scripts.js';

const lock = {
  packages: {
    '': { version: '0.1.0', hasInstallScript: true },
    'node_modules/esbuild': { version: '0.28.2', hasInstallScript: true },
    'node_modules/@scope/native': { version: '2.1.0', hasInstallScript: true },
    'node_modules/a/node_modules/@scope/native': { version: '3.0.0', hasInstallScript: true },
    'node_modules/plain': { version: '1.0.0' },
  },
};

describe('undecidedInstallScripts', () => {
  it('names each locked package with an install script that no entry approves or denies', () => {
    expect(undecidedInstallScripts(lock, {})).toEqual([
      'esbuild@0.28.2',
      '@scope/native@2.1.0',
      '@scope/native@3.0.0',
    ]);
  });

  it('counts a denial as a decision, and a pinned entry only for the versions it names', () => {
    expect(undecidedInstallScripts(lock, { esbuild: false, '@scope/native@2.1.0': true })).toEqual([
      '@scope/native@3.0.0',
    ]);
    expect(
      undecidedInstallScripts(lock, { esbuild: false, '@scope/native@^2 || ^3': true }),
    ).toEqual([]);
  });
});

describe('staleAllowScripts', () => {
  it('names entries that match no locked package with an install script', () => {
    expect(
      staleAllowScripts(lock, {
        esbuild: false,
        'esbuild@0.27.0': true,
        plain: true,
        gone: false,
        '@scope/native': true,
      }),
    ).toEqual(['esbuild@0.27.0', 'plain', 'gone']);
  });
});
