import { OrderViewSchema, type OrderView } from '../../../domain/order.js';
import type { QuoteRequestInput, QuoteService } from '../../../domain/quote.js';
import { apiRequest } from '../../lib/api.js';

export function createQuote(request: QuoteRequestInput, signal?: AbortSignal): Promise<OrderView> {
  return apiRequest('/api/v1/quotes', OrderViewSchema, { method: 'POST', body: request, signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return apiRequest(`/api/v1/orders/${encodeURIComponent(id)}`, OrderViewSchema, { signal });
}

export function selectService(id: string, service: QuoteService): Promise<OrderView> {
  return apiRequest(`/api/v1/orders/${encodeURIComponent(id)}/service`, OrderViewSchema, {
    method: 'PUT',
    body: { service },
  });
}
