import { useSyncExternalStore } from 'react';
import { createQuote, getOrder } from '../../../domain/api/orders.js';
import type { OrderView } from '../../../domain/order.js';
import type { QuoteRequestInput } from '../../../domain/quote.js';
import { ApiClientError, callApi } from '../../lib/api.js';

/**
 * The order in progress. Its id is kept in local storage so a reload, a second tab or a return
 * visit finds the same order on the server (the server is the authority on its contents).
 */
const ORDER_ID_KEY = 'boxabroad.orderId';
const EXPRESS_KEY = 'expressSelected';

export type CurrentOrderState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'ready'; order: OrderView }
  | { status: 'error'; error: ApiClientError };

let state: CurrentOrderState = { status: 'empty' };
const listeners = new Set<() => void>();
let generation = 0;

function set(next: CurrentOrderState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ORDER_ID_KEY) void reloadCurrentOrder();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function storedOrderId(): string | null {
  try {
    return window.localStorage.getItem(ORDER_ID_KEY);
  } catch {
    return null;
  }
}

function storeOrderId(id: string) {
  try {
    window.localStorage.setItem(ORDER_ID_KEY, id);
  } catch {
    // Private mode without storage: the order still works in this tab.
  }
}

/** Get Quotes: the request runs while /quote shows its spinner. */
export async function startQuote(request: QuoteRequestInput): Promise<void> {
  const mine = ++generation;
  set({ status: 'loading' });
  try {
    const order = await callApi(createQuote, { body: request });
    if (mine !== generation) return;
    storeOrderId(order.id);
    set({ status: 'ready', order });
  } catch (error) {
    if (mine !== generation) return;
    const apiError =
      error instanceof ApiClientError
        ? error
        : new ApiClientError(0, 'UNEXPECTED', 'Something went wrong. Please try again.');
    set({ status: 'error', error: apiError });
  }
}

/** Loads the stored order from the server (after a reload or in a new tab). */
export async function reloadCurrentOrder(): Promise<void> {
  const id = storedOrderId();
  if (!id) {
    set({ status: 'empty' });
    return;
  }
  const mine = ++generation;
  if (state.status !== 'ready') set({ status: 'loading' });
  try {
    const order = await callApi(getOrder, { params: { id } });
    if (mine === generation) set({ status: 'ready', order });
  } catch (error) {
    if (mine !== generation) return;
    if (error instanceof ApiClientError && error.status === 404) {
      window.localStorage.removeItem(ORDER_ID_KEY);
      set({ status: 'empty' });
    } else {
      set({
        status: 'error',
        error:
          error instanceof ApiClientError
            ? error
            : new ApiClientError(0, 'UNEXPECTED', String(error)),
      });
    }
  }
}

/** Replaces the current order after a change the server confirmed. */
export function setCurrentOrder(order: OrderView) {
  generation += 1;
  storeOrderId(order.id);
  set({ status: 'ready', order });
}

export function useCurrentOrder(): CurrentOrderState {
  return useSyncExternalStore(subscribe, () => state);
}

export function rememberExpressSelected(express: boolean) {
  try {
    window.localStorage.setItem(EXPRESS_KEY, String(express));
  } catch {
    // Storage unavailable: the server keeps the choice anyway.
  }
}

export function currentOrderState(): CurrentOrderState {
  return state;
}

/** After a failed quote has been reported, the journey starts empty again. */
export function clearCurrentOrderError(): void {
  if (state.status === 'error') set({ status: 'empty' });
}
