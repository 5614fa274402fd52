import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * The aria attributes of a field's control (input, text area or select): invalid while its error
 * is shown, and described by its hint and its error.
 */
export function fieldAria(id: string, error: string | null | undefined, hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * A field's label, hint and error (GOV.UK pattern) around its control, given as the child; the
 * control takes the id and `fieldAria(id, error, hint)`.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  wide,
  alert,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | null | undefined;
  wide?: boolean;
  /** The error is announced the moment it is shown. */
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * A one-line input in its FieldFrame, as the console's forms have them (TextField is the site's,
 * whose error also says "Error:" to a screen reader).
 */
export function FramedInput({
  id,
  label,
  hint,
  value,
  error,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        className="field__input"
        value={value}
        {...fieldAria(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
