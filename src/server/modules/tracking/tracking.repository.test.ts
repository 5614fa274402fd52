import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TRACKING_STATUS_REGISTRY, TRACKING_STATUSES } from '#src/domain/tracking.js';
import { NOT_NEEDING_ATTENTION } from './tracking.repository.js';

describe('the console’s shipment list', () => {
  it('puts first the statuses the registry says need attention, and only those', () => {
    const query = new PgDialect().sqlToQuery(NOT_NEEDING_ATTENTION);
    expect(query.sql).toMatch(/"status" NOT IN \(\$1(, \$\d+)*\)/);
    const needing = TRACKING_STATUSES.filter(
      (s) => TRACKING_STATUS_REGISTRY[s].tone === 'attention',
    );
    expect(query.params).toEqual(needing);
    expect(needing).toEqual([
      'customs_hold',
      'collection_missed',
      'delivery_failed',
      'returned',
      'exception',
    ]);
  });
});
