import { describe, expect, it } from 'vitest';
import { engineMismatches } from './engines.js';

const lock = {
  packages: {
    '': { engines: { node: '>=20.19' } },
    'node_modules/old-friend': { version: '1.0.0', engines: { node: '>=16' } },
    'node_modules/needs-22': { version: '2.0.0', engines: { node: '>=22' } },
    'node_modules/a/node_modules/either': { version: '3.0.0', engines: { node: '^20.19 || >=22' } },
    'node_modules/no-engines': { version: '1.0.0' },
    'node_modules/accepted': { version: '4.0.0', engines: { node: '>=22' } },
  },
};

describe('engineMismatches', () => {
  it('names each package whose Node range excludes ours, unless accepted', () => {
    expect(engineMismatches(lock, '20.19.0', { accepted: 'tested' })).toEqual([
      'needs-22@2.0.0 (node >=22)',
    ]);
  });

  it('finds nothing on a Node every range accepts', () => {
    expect(engineMismatches(lock, '24.0.0', {})).toEqual([]);
  });
});
