import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '../../lib/api.js';
import { FieldFrame, fieldAria } from '../../components/ui/field-frame.js';

/** A required written note in a console dialog (a reason, how a refund was made): its state. */
export interface NoteField {
  value: string;
  error: string | null;
  setValue: (value: string) => void;
  /** Shows an error (the server's, for this field); its field then takes the focus. */
  setError: (error: string | null) => void;
  /** Empties it, for a dialog opened again. */
  reset: () => void;
  /** The note, trimmed, or null after showing `message` when it is empty or too long. */
  checked: () => string | null;
  max: number;
}

export function useNoteField(max: number, message: string): NoteField {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    setValue,
    setError,
    reset: () => {
      setValue('');
      setError(null);
    },
    checked: () => {
      const trimmed = value.trim();
      if (trimmed.length === 0 || trimmed.length > max) {
        setError(message);
        return null;
      }
      setError(null);
      return trimmed;
    },
    max,
  };
}

/** The note's labelled text area, with its error above it. */
export function NoteInput({ id, label, field }: { id: string; label: string; field: NoteField }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // A field error moves focus to the field once it is shown.
  useEffect(() => {
    if (field.error) ref.current?.focus();
  }, [field.error]);
  return (
    <FieldFrame id={id} label={label} error={field.error}>
      <textarea
        ref={ref}
        id={id}
        className="field__input"
        rows={3}
        maxLength={field.max}
        value={field.value}
        {...fieldAria(id, field.error)}
        onChange={(event) => field.setValue(event.target.value)}
      />
    </FieldFrame>
  );
}

/**
 * A refusal of the dialog's call: when the server refused this note's field, its message is shown
 * at the field and the dialog stays open (false); any other failure is the dialog's to show.
 */
export function fieldRefused(error: unknown, name: string, field: NoteField): false {
  const message = error instanceof ApiClientError ? error.fields[name] : undefined;
  if (!message) throw error;
  field.setError(message);
  return false;
}

/** The label of the reason an operator gives for a cancellation or a refund. */
export const REASON_LABEL = 'Reason (kept in the order’s timeline and the audit log)';
