import type { TrackingEventView, TrackingView } from '#src/domain/api/tracking.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import {
  type SHIPMENT_FLAGS,
  TRACKING_STATUS_REGISTRY,
  type TrackingStatus,
} from '#src/domain/tracking.js';

/**
 * How the tracking pages say things: pure display helpers over the API's tracking view (the
 * words of each status are the domain's registry, TRACKING_STATUS_REGISTRY).
 */

/** "09:00" → "9:00": a clock time as the site writes it. */
export function clockText(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/** "Friday 27 November": a collection day, without its year (always the coming days). */
export function collectionDayText(date: string): string {
  return formatCalendarDate(date).replace(/ \d{4}$/, '');
}

/** "Friday 27 November, 9:00–17:30": the collection day and its window. */
export function collectionText(date: string, window: TrackingView['collectionWindow']): string {
  return `${collectionDayText(date)}, ${clockText(window.from)}–${clockText(window.to)}`;
}

/** "London, United Kingdom". */
export function placeText(place: TrackingView['from']): string {
  return [place.city, place.country].filter(Boolean).join(', ');
}

/** "Box 1 of 2": a box among the order's, in the order they were booked. */
export function boxTitle(number: number, total: number): string {
  return `Box ${number} of ${total}`;
}

/** A box's history as the pages show it: the latest event first. */
export function newestFirst(events: readonly TrackingEventView[]): TrackingEventView[] {
  return [...events].reverse();
}

/**
 * What the order's status panel says about why (e.g. what customs hold a box for): the reason of
 * each box at the order's status, with the box it belongs to when there are several.
 */
export function statusReasons(view: Pick<TrackingView, 'status' | 'boxes'>): string[] {
  const boxes = view.boxes.filter((box) => box.status === view.status && box.reason);
  return boxes.map((box) =>
    view.boxes.length > 1
      ? `${boxTitle(box.number, view.boxes.length)}: ${box.reason}`
      : (box.reason ?? ''),
  );
}

/** A status's short name, for a badge. */
export function statusLabel(status: TrackingStatus): string {
  return TRACKING_STATUS_REGISTRY[status].label;
}

/** A status as the operators' console names it. */
export function consoleStatusLabel(status: TrackingStatus): string {
  return TRACKING_STATUS_REGISTRY[status].consoleLabel;
}

/** Why a shipment is in the operators' queue, in their words. */
export const SHIPMENT_FLAG_TEXT: Readonly<Record<(typeof SHIPMENT_FLAGS)[number], string>> = {
  collection_missed: 'Collection missed',
  silent: 'No news from the courier',
  exception: 'Courier event not recognised',
};
