import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.js';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** A form's submit button unless said otherwise. */
  type?: 'submit' | 'button';
  /** While its action runs: a spinner and `busyText` in place of the label, `aria-disabled`. */
  busy: boolean;
  /** What is under way, read out by screen readers ("Saving the address"). */
  busyLabel: string;
  /** The word shown beside the spinner ("Saving…"). */
  busyText: string;
  children: ReactNode;
}

/**
 * A button whose action takes a moment: it stays focusable while busy (`aria-disabled`, so the
 * handler ignores a second press) and says what it is doing.
 */
export function BusyButton({
  type = 'submit',
  busy,
  busyLabel,
  busyText,
  children,
  ...button
}: BusyButtonProps) {
  return (
    <button type={type} {...button} aria-disabled={busy || undefined}>
      {busy ? (
        <>
          <Spinner label={busyLabel} /> {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
