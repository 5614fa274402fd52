/** What other features use of tracking: the order pages' and the console's tracking. */
export { OrderTracking, trackingPath } from './order-tracking.js';
export { DateOptions, useDateChoice } from './date-options.js';
export { TrackedBoxes, TrackingBadge, TrackingStatusPanel } from './tracking-boxes.js';
export {
  collectionDayText,
  collectionText,
  consoleStatusLabel,
  SHIPMENT_FLAG_TEXT,
} from './tracking-text.js';
