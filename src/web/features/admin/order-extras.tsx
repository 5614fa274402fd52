import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFocusOnCount } from '../../lib/use-focus-on-count.js';
import {
  listAdminOrderDocuments,
  uploadAdminOrderDocument,
  addAdminOrderNote,
  listAdminOrderNotes,
  NOTE_MESSAGE,
  resendAdminConfirmation,
  askAdminOrderPayAgain,
  PAY_AGAIN_LINK_DAYS,
} from '#src/domain/api/admin/order-extras.js';
import type { AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import { callApi } from '../../lib/api.js';
import { FieldFrame, fieldAria } from '../../components/ui/field-frame.js';
import { DocumentLinks } from '../orders/index.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { LoadState } from './load-state.js';
import { useLoad } from './use-load.js';
import { useSending } from '../../lib/use-sending.js';
import { FailureNotice } from '../../components/ui/failure-notice.js';
import { formatLondon } from '#src/domain/london-time.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';

type Order = AdminOrderDetail['order'];

/**
 * The order page's labels and documents, "Resend confirmation email" (booked orders) and
 * internal notes; `onAction` lets the page reload its timeline after an action.
 */
export function OrderExtras({ order, onAction }: { order: Order; onAction: () => void }) {
  return (
    <>
      <Documents order={order} />
      {order.status === 'booked' && <ResendConfirmation order={order} onDone={onAction} />}
      {order.status === 'booking_failed' && <AskToPayAgain order={order} onDone={onAction} />}
      <Notes orderId={order.id} onAdded={onAction} />
    </>
  );
}

function Documents({ order }: { order: Order }) {
  const [load, reload] = useLoad(
    (signal) => callApi(listAdminOrderDocuments, { params: { id: order.id }, signal }),
    `${order.id}:${order.status}`,
  );
  return (
    <section aria-labelledby="documents-heading" className="console-section">
      <h2 id="documents-heading">Labels and documents</h2>
      <LoadState load={load} what="the documents" />
      {load.state === 'ready' &&
        (load.data.documents.length > 0 ? (
          <DocumentLinks documents={load.data.documents} />
        ) : (
          <p>
            {order.status === 'booked'
              ? 'The courier sent no labels for this order.'
              : 'None yet: labels come with the booking.'}
          </p>
        ))}
      {order.status === 'booked' &&
        load.state === 'ready' &&
        // Only where the courier gave nothing: an order an operator resolved as booked.
        (!order.trackingUrl || !load.data.documents.some((d) => d.kind === 'label')) && (
          <UploadDocument orderId={order.id} onAdded={reload} />
        )}
    </section>
  );
}

const UPLOAD_CHOICES = {
  'label:A4': 'Labels for A4 paper',
  'label:Thermal': 'Labels for a thermal printer (4 × 6 in)',
  'document:CommercialInvoice': 'Commercial invoice',
} as const;

/**
 * For a booking the courier gave no labels for (resolved by an operator): the PDF the operator
 * downloaded from the courier. Then "Resend confirmation email" sends it to the customer.
 */
function UploadDocument({ orderId, onAdded }: { orderId: string; onAdded: () => void }) {
  const [choice, setChoice] = useState<keyof typeof UPLOAD_CHOICES>('label:A4');
  const { busy, failure, setFailure, send } = useSending();
  const [done, setDone] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    setDone(null);
    if (!chosen) {
      setFailure('Choose the PDF file to add.');
      return;
    }
    await send(async () => {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      const [kind, type] = choice.split(':') as ['label' | 'document', string];
      await callApi(uploadAdminOrderDocument, {
        params: { id: orderId },
        body: { kind, type, pdfBase64: btoa(binary) },
      });
      setDone(
        `${UPLOAD_CHOICES[choice]} added. Send it to the customer with “Resend confirmation email”.`,
      );
      if (file.current) file.current.value = '';
      onAdded();
    });
  };

  return (
    <form className="upload-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>Add a label or document</h3>
      <p className="muted">
        When the courier could not give us the labels, download them from the courier and add them
        here.
      </p>
      <div className="field">
        <label className="field__label" htmlFor="upload-kind">
          What it is
        </label>
        <select
          id="upload-kind"
          className="field__input"
          value={choice}
          onChange={(event) => setChoice(event.target.value as keyof typeof UPLOAD_CHOICES)}
        >
          {Object.entries(UPLOAD_CHOICES).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="upload-file">
          PDF file
        </label>
        <input id="upload-file" ref={file} type="file" accept="application/pdf,.pdf" />
      </div>
      <FailureNotice message={failure} />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Add the PDF
      </button>
      <p aria-live="polite">{done}</p>
    </form>
  );
}

function ResendConfirmation({ order, onDone }: { order: Order; onDone: () => void }) {
  return (
    <ConfirmedAction
      id="resend"
      heading="Confirmation email"
      intro={
        <>
          Send the booking confirmation, with the labels attached, to{' '}
          {order.email ?? 'the customer'} again: for a customer who cannot find it.
        </>
      }
      button="Resend confirmation email"
      title={`Resend the confirmation for ${order.reference}?`}
      confirmLabel="Yes, send it again"
      consequence={
        <>
          A new copy of the confirmation, with the labels, goes to {order.email ?? 'the customer'}.
          The first one is not withdrawn.
        </>
      }
      run={async () => {
        const sent = await callApi(resendAdminConfirmation, { params: { id: order.id } });
        return `The confirmation email is queued to ${sent.to}.`;
      }}
      onDone={onDone}
    />
  );
}

/** A `booking_failed` order: its card hold was released, so only the customer can pay again. */
function AskToPayAgain({ order, onDone }: { order: Order; onDone: () => void }) {
  return (
    <ConfirmedAction
      id="pay-again"
      heading="Booking failed"
      intro={
        <>
          The card hold was released, so this order can only be booked if the customer pays again.
          Email {order.email ?? 'the customer'} a link that opens the order in their browser, ready
          to pay.
        </>
      }
      button="Ask the customer to try again"
      title={`Ask the customer of ${order.reference} to try again?`}
      confirmLabel="Yes, email the customer"
      consequence={
        <>
          {order.email ?? 'The customer'} is emailed that the booking did not go through and they
          were not charged, with a link that opens this order so they can pay again. Nothing is
          charged until they do.
        </>
      }
      run={async () => {
        const sent = await callApi(askAdminOrderPayAgain, { params: { id: order.id } });
        return `The email is queued to ${sent.to}. Its link works once, for ${PAY_AGAIN_LINK_DAYS} days.`;
      }}
      onDone={onDone}
    />
  );
}

/**
 * One operator action on the order page: a section saying what it does, a button opening the
 * confirmation dialog, and the outcome announced once `run` has answered.
 */
function ConfirmedAction(props: {
  id: string;
  heading: string;
  intro: ReactNode;
  button: string;
  title: string;
  confirmLabel: string;
  consequence: ReactNode;
  /** Performs the action; its answer is the sentence shown afterwards. */
  run: () => Promise<string>;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  return (
    <section aria-labelledby={`${props.id}-heading`} className="console-section">
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      <p>{props.intro}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
      >
        {props.button}
      </button>
      <SuccessNotice message={result} />
      <ConfirmDialog
        open={open}
        title={props.title}
        confirmLabel={props.confirmLabel}
        onClose={() => setOpen(false)}
        action={async () => {
          const sentence = await props.run();
          setOpen(false);
          setResult(sentence);
          props.onDone();
        }}
      >
        <p>{props.consequence}</p>
      </ConfirmDialog>
    </section>
  );
}

function Notes({ orderId, onAdded }: { orderId: string; onAdded: () => void }) {
  const [load, , replace] = useLoad(
    (signal) => callApi(listAdminOrderNotes, { params: { id: orderId }, signal }),
    orderId,
  );
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, failure, send } = useSending();
  const [added, setAdded] = useState(0);
  const [focusInput, setFocusInput] = useState(0);
  const input = useFocusOnCount<HTMLTextAreaElement>(focusInput);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (!body || body.length > 2000) {
      setFieldError(NOTE_MESSAGE);
      setFocusInput((n) => n + 1);
      return;
    }
    setFieldError(null);
    await send(async () => {
      replace(await callApi(addAdminOrderNote, { params: { id: orderId }, body: { body } }));
      setText('');
      setAdded((n) => n + 1);
      onAdded();
    });
  };

  return (
    <section aria-labelledby="notes-heading" className="console-section">
      <h2 id="notes-heading">Internal notes</h2>
      <p className="muted">Only operators see these; the customer never does.</p>
      <form className="note-form" onSubmit={(event) => void submit(event)} noValidate>
        <FieldFrame id="note-body" label="Add a note" error={fieldError} wide>
          <textarea
            ref={input}
            id="note-body"
            className="field__input"
            rows={3}
            maxLength={2000}
            value={text}
            {...fieldAria('note-body', fieldError)}
            onChange={(event) => setText(event.target.value)}
          />
        </FieldFrame>
        <FailureNotice message={failure} />
        <button type="submit" className="button button--primary" disabled={busy}>
          Add note
        </button>
        <p className="visually-hidden" aria-live="polite">
          {added > 0 ? `Note added (${added}).` : ''}
        </p>
      </form>
      <LoadState load={load} what="the notes" />
      {load.state === 'ready' &&
        (load.data.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ol className="notes" aria-label="Notes, newest first">
            {load.data.notes.map((note) => (
              <li key={note.id} className="note">
                <p className="note__meta">
                  <time dateTime={note.at}>{formatLondon(note.at, 'short')}</time> ·{' '}
                  {note.adminEmail}
                </p>
                <p className="note__body">{note.body}</p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
