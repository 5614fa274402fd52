import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('documents the quote and order endpoints with schemas from the code', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/quotes',
        '/api/v1/orders/{id}',
        '/api/v1/orders/{id}/service',
        '/api/v1/rates',
      ]),
    );
    const request = doc.paths['/api/v1/quotes'].post.requestBody.content['application/json'].schema;
    expect(request.required).toEqual(
      expect.arrayContaining(['collection', 'destination', 'smallBoxes', 'largeBoxes']),
    );
    expect(request.properties.smallBoxes.maximum).toBe(5);
    const order =
      doc.paths['/api/v1/quotes'].post.responses[201].content['application/json'].schema;
    expect(order.properties.services.items.properties.pricePence.type).toBe('integer');
  });
});
