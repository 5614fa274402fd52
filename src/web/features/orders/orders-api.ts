import { z } from '../../../domain/zod.js';
import type { AddressInput } from '../../../domain/address.js';
import type { ItemInput } from '../../../domain/items.js';
import { OrderViewSchema, type OrderView } from '../../../domain/order.js';
import type { QuoteRequestInput, QuoteService } from '../../../domain/quote.js';
import { apiRequest } from '../../lib/api.js';

const orderUrl = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`;

export function createQuote(request: QuoteRequestInput, signal?: AbortSignal): Promise<OrderView> {
  return apiRequest('/api/v1/quotes', OrderViewSchema, { method: 'POST', body: request, signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return apiRequest(orderUrl(id), OrderViewSchema, { signal });
}

export function selectService(id: string, service: QuoteService): Promise<OrderView> {
  return apiRequest(`${orderUrl(id)}/service`, OrderViewSchema, {
    method: 'PUT',
    body: { service },
  });
}

export function saveAddress(
  id: string,
  role: 'collection' | 'delivery',
  address: AddressInput,
): Promise<OrderView> {
  return apiRequest(`${orderUrl(id)}/addresses/${role}`, OrderViewSchema, {
    method: 'PUT',
    body: address,
  });
}

export const CollectionDatesSchema = z.object({
  today: z.string(),
  earliest: z.string(),
  latest: z.string(),
  region: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      selectable: z.boolean(),
      reason: z.enum(['weekend', 'holiday']).optional(),
      holidayName: z.string().optional(),
    }),
  ),
});
export type CollectionDates = z.infer<typeof CollectionDatesSchema>;

export function fetchCollectionDates(id: string, signal?: AbortSignal): Promise<CollectionDates> {
  return apiRequest(`${orderUrl(id)}/collection-dates`, CollectionDatesSchema, { signal });
}

export function saveCollectionDate(id: string, date: string): Promise<OrderView> {
  return apiRequest(`${orderUrl(id)}/collection-date`, OrderViewSchema, {
    method: 'PUT',
    body: { date },
  });
}

export function addItem(id: string, parcelKey: string, item: ItemInput): Promise<OrderView> {
  return apiRequest(`${orderUrl(id)}/parcels/${parcelKey}/items`, OrderViewSchema, {
    method: 'POST',
    body: item,
  });
}

export function deleteItem(id: string, parcelKey: string, itemId: string): Promise<OrderView> {
  return apiRequest(`${orderUrl(id)}/parcels/${parcelKey}/items/${itemId}`, OrderViewSchema, {
    method: 'DELETE',
  });
}

const DeclarationResultSchema = z.object({
  order: OrderViewSchema,
  warnings: z.array(z.object({ parcelKey: z.string(), itemId: z.string(), message: z.string() })),
});

export function confirmDeclaration(id: string) {
  return apiRequest(`${orderUrl(id)}/declaration`, DeclarationResultSchema, { method: 'POST' });
}
