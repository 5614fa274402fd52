import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSending } from '../../lib/use-sending.js';
import { FailureNotice } from './failure-notice.js';
import './confirm-dialog.css';

/**
 * An action behind a confirmation: a modal dialog saying what will happen, with the action and
 * Cancel. One that only confirms opens on Cancel, the safe choice, so that Enter or a stray tap
 * does not do what may not be undone; one that asks for something opens on its first field. `action` runs once per confirmation (the button is disabled while it runs); its
 * error is shown in the dialog, which stays open.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  action,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  action: () => Promise<void>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const { busy, failure, setFailure, send } = useSending();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setFailure(null);
      element.showModal();
      // A dialog that asks for something (an amount) starts at its first field; one that only
      // confirms starts at Cancel.
      if (!element.querySelector('input, select, textarea')) safe.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, setFailure]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    await send(action);
  };

  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={headingId} onClose={onClose}>
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <h2 id={headingId}>{title}</h2>
        {children}
        <FailureNotice message={failure} />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {confirmLabel}
          </button>
          <button ref={safe} type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * Whether a ConfirmDialog is open, and the key of the request it confirms: a new one each time it
 * opens, so that the same request sent twice (a double click) is done once.
 */
export function useKeyedDialog() {
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  return {
    open,
    requestKey,
    show: () => {
      setRequestKey(crypto.randomUUID());
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
