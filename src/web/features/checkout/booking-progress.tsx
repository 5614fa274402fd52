import { useEffect, useRef } from 'react';
import type { CheckoutStatus } from '#src/domain/checkout.js';
import { Spinner } from '../../components/ui/spinner.js';

const STEPS = [
  { key: 'authorised', label: 'Payment authorised' },
  { key: 'booking', label: 'Booking collection' },
  { key: 'labels', label: 'Labels ready' },
] as const;

/** How far the booking has got: payment authorised → booking collection → labels ready. */
function reached(status: CheckoutStatus | null): number {
  if (!status) return 0;
  if (status.status === 'booked') return 3;
  if (status.status === 'booking' || status.status === 'authorised') return 1;
  return 0;
}

/**
 * Replaces the payment form once the card is authorised: its heading takes the focus, so the
 * progress is on screen (the Pay button was at the bottom of a long form) and announced.
 */
export function BookingProgress({ status }: { status: CheckoutStatus | null }) {
  const done = reached(status);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="booking-progress" aria-labelledby="booking-progress-title">
      <h2
        id="booking-progress-title"
        ref={heading}
        tabIndex={-1}
        className="booking-progress__title"
      >
        Booking your collection
      </h2>
      <ol className="booking-progress__steps">
        {STEPS.map((step, i) => {
          const state = i < done ? 'done' : i === done ? 'current' : 'todo';
          return (
            <li
              key={step.key}
              className={`booking-progress__step booking-progress__step--${state}`}
            >
              <span className="booking-progress__marker" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span>{step.label}</span>
              {state === 'current' ? (
                <Spinner label={`${step.label} in progress`} />
              ) : (
                <span className="visually-hidden">{state === 'done' ? ' (done)' : ' (to do)'}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
