import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  optional?: boolean;
  hint?: ReactNode;
  /** Shown before the input, e.g. a phone prefix. */
  prefix?: string;
  wide?: boolean;
}

/** A labelled input with its hint and error beside it (GOV.UK pattern). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  optional,
  hint,
  prefix,
  wide,
  type = 'text',
  ...input
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control = (
    <input
      {...input}
      id={id}
      type={type}
      className="field__input"
      value={value}
      readOnly={!onChange || input.readOnly}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      onChange={onChange ? (event) => onChange(event.target.value) : undefined}
    />
  );
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {prefix ? (
        <div className="field__prefixed">
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
    </div>
  );
}

/** A form's state as its text fields read and change it. */
export interface FieldState<Name extends string> {
  id(name: Name): string;
  values: Readonly<Record<Name, string>>;
  errors: Partial<Record<Name, string>>;
  /** How the form keeps a change to one field. */
  update(name: Name): (value: string) => void;
}

/** The TextField props that show one field of a form's state and keep its changes. */
export function fieldBinding<Name extends string>(state: FieldState<Name>) {
  return (name: Name) => ({
    id: state.id(name),
    value: state.values[name],
    error: state.errors[name],
    onChange: state.update(name),
  });
}
