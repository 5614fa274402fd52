import { useSyncExternalStore } from 'react';
import { createOrder, getOrder } from '#src/domain/api/orders.js';
import type { OrderView } from '#src/domain/order.js';
import { isEditable, isOrderStatus } from '#src/domain/order-states.js';
import type { QuoteRequestInput, QuoteService } from '#src/domain/quote.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { forgetAddressDrafts } from './address-drafts.js';
import { continuePath } from './continue-path.js';
import {
  BOOKING_IN_PROGRESS_KEY,
  LAST_QUESTION_KEY,
  ORDER_ID_KEY,
  QUOTE_IN_PROGRESS_KEY,
  rememberQuestion,
  type BookingInProgress,
  type QuoteInProgress,
} from '../quote/index.js';

/**
 * This tab's order in progress. Its id is kept in session storage, which belongs to one tab: a
 * reload finds the same order on the server, and a quote in another tab starts that tab's own
 * booking without taking this one over (docs/accounts.md). Once booked, the id is forgotten:
 * the order is then found from the account, the confirmation URL or the email's links.
 *
 * Beside the id, while the order is unpaid, a small copy of its quote and the step it is at
 * (features/quote/quote-in-progress.ts): the home page fills its form from it and offers "Continue your
 * booking" without loading the API client.
 */
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
  return () => {
    listeners.delete(listener);
  };
}

export function storedOrderId(): string | null {
  try {
    return window.sessionStorage.getItem(ORDER_ID_KEY);
  } catch {
    return null;
  }
}

/** Forgets this tab's order: its id, the home page's copy of its quote and its address drafts. */
function forgetOrderId(id: string | null) {
  if (id) forgetAddressDrafts(id);
  try {
    window.sessionStorage.removeItem(ORDER_ID_KEY);
    window.sessionStorage.removeItem(QUOTE_IN_PROGRESS_KEY);
    window.sessionStorage.removeItem(LAST_QUESTION_KEY);
    forgetBookingInProgress(id);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Stops offering a booking to new tabs (it was paid for, or it is gone). */
function forgetBookingInProgress(id: string | null) {
  try {
    const kept = JSON.parse(
      window.localStorage.getItem(BOOKING_IN_PROGRESS_KEY) ?? '{}',
    ) as Partial<BookingInProgress>;
    if (!id || kept.id === id) window.localStorage.removeItem(BOOKING_IN_PROGRESS_KEY);
  } catch {
    // Storage unavailable or its value unreadable: nothing to offer anyway.
  }
}

/** What the home page shows of an unpaid order: its quote's values and where it carries on. */
function quoteInProgressOf(order: OrderView): QuoteInProgress {
  return {
    id: order.id,
    request: {
      collection: { countryId: order.collection.countryId, postcode: order.collection.postcode },
      destination: { countryId: order.destination.countryId, postcode: order.destination.postcode },
      smallBoxes: order.smallBoxes,
      largeBoxes: order.largeBoxes,
    },
    next: continuePath(order),
  };
}

/**
 * Keeps a draft's id for this tab; a booked order's id is not kept anywhere in the browser. Once
 * an order is paid for, the home page no longer offers it and its address drafts are dropped.
 */
function storeOrderId(order: OrderView) {
  if (order.status === 'booked') {
    forgetOrderId(order.id);
    return;
  }
  const unpaid = isOrderStatus(order.status) && isEditable(order.status);
  if (!unpaid) forgetAddressDrafts(order.id);
  try {
    window.sessionStorage.setItem(ORDER_ID_KEY, order.id);
    if (unpaid) {
      const kept = quoteInProgressOf(order);
      window.sessionStorage.setItem(QUOTE_IN_PROGRESS_KEY, JSON.stringify(kept));
      rememberQuestion(kept.request);
      const offer: BookingInProgress = { id: order.id, next: kept.next, at: Date.now() };
      window.localStorage.setItem(BOOKING_IN_PROGRESS_KEY, JSON.stringify(offer));
    } else {
      // Paid for: the home form starts empty again.
      window.sessionStorage.removeItem(QUOTE_IN_PROGRESS_KEY);
      window.sessionStorage.removeItem(LAST_QUESTION_KEY);
      forgetBookingInProgress(order.id);
    }
  } catch {
    // Private mode without storage: the order still works in this tab until it is reloaded.
  }
}

/**
 * Select on /quote: the order starts on the server with the chosen service and becomes this tab's
 * order in progress.
 */
export async function startOrder(
  quote: QuoteRequestInput,
  service: QuoteService,
): Promise<OrderView> {
  const order = await callApi(createOrder, { body: { quote, service } });
  setCurrentOrder(order);
  return order;
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
    if (mine !== generation) return;
    storeOrderId(order);
    set({ status: 'ready', order });
  } catch (error) {
    if (mine !== generation) return;
    if (error instanceof ApiClientError && error.status === 404) {
      forgetOrderId(id);
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
  storeOrderId(order);
  set({ status: 'ready', order });
}

/**
 * Brings this tab's copy of an order up to date when a page learns its state has moved on (the
 * confirmation page after paying): a step opened with Back then shows it as it is now (read-only
 * once paid), and a booked order's id is forgotten as above.
 */
export async function refreshHeldOrder(id: string, status: string): Promise<void> {
  if (state.status !== 'ready' || state.order.id !== id || state.order.status === status) return;
  const mine = ++generation;
  try {
    const order = await callApi(getOrder, { params: { id } });
    if (mine !== generation) return;
    storeOrderId(order);
    set({ status: 'ready', order });
  } catch {
    // The page that asked shows the order from its own request; the steps reload it later.
  }
}

/**
 * An order the customer discarded (the account page): gone on the server, so the browser keeps
 * nothing of it. When it was this tab's order the tab has none any more; either way new tabs stop
 * offering it ("Continue your booking", `boxabroad.bookingInProgress`) and its unsaved address
 * typing is dropped.
 */
export function forgetDiscardedOrder(id: string) {
  if (storedOrderId() === id || (state.status === 'ready' && state.order.id === id)) {
    generation += 1;
    forgetOrderId(id);
    set({ status: 'empty' });
    return;
  }
  forgetAddressDrafts(id);
  forgetBookingInProgress(id);
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
