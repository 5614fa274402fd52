import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ContactMessageInput } from '#src/domain/contact.js';
import { CONTACT_LIMITS } from '#src/domain/contact-limits.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { TextField } from '../../components/ui/text-field.js';

/**
 * The form's checks (the API's schema, so zod) and the API client load when the form is first
 * used, not with the page: they are most of its script, and a page that waits for them to hydrate
 * is slower to show and to answer (docs/decisions/100).
 */
const loadSending = () => import('./send-contact-message.js');

const COULD_NOT_SEND =
  'Your message could not be sent. Please check your connection and try again.';

type TextField = 'firstName' | 'lastName' | 'company' | 'email' | 'phone' | 'message';
type Errors = Partial<Record<TextField, string>>;

/** A text field of the form, as the table below lists it. */
interface FieldSpec {
  name: TextField;
  label: string;
  optional?: boolean;
  type?: string;
  autoComplete: string;
  maxLength: number;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  {
    name: 'firstName',
    label: 'First name',
    autoComplete: 'given-name',
    maxLength: CONTACT_LIMITS.name,
  },
  {
    name: 'lastName',
    label: 'Last name',
    optional: true,
    autoComplete: 'family-name',
    maxLength: CONTACT_LIMITS.name,
  },
  {
    name: 'company',
    label: 'Company',
    optional: true,
    autoComplete: 'organization',
    maxLength: CONTACT_LIMITS.company,
    wide: true,
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: CONTACT_LIMITS.email,
    wide: true,
  },
  {
    name: 'phone',
    label: 'Phone number',
    optional: true,
    type: 'tel',
    autoComplete: 'tel',
    maxLength: CONTACT_LIMITS.phone,
    wide: true,
  },
];

const EMPTY: Record<TextField, string> = {
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  phone: '',
  message: '',
};

const FIELD_ORDER: TextField[] = ['firstName', 'lastName', 'company', 'email', 'phone', 'message'];

/**
 * What the fields hold, which on a prerendered page may include text typed before its script ran
 * (then not in the form's state yet): each non-empty field over `values`.
 */
function typedInto(form: HTMLFormElement | null, values: Record<TextField, string>) {
  const fields = form ? new FormData(form) : null;
  const typed = { ...values };
  for (const name of FIELD_ORDER) {
    const value = fields?.get(name);
    if (typeof value === 'string' && value !== '') typed[name] = value;
  }
  return typed;
}

function errorsFrom(fields: Record<string, string> | undefined): Errors {
  const errors: Errors = {};
  for (const name of FIELD_ORDER) if (fields?.[name]) errors[name] = fields[name];
  return errors;
}

/**
 * "Contact us" (docs/product-rules.md). Checked with the same schema as the server; errors show in a summary
 * at the top (focused) and beside each field. "Thank you!" replaces the button once stored.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [newsOptIn, setNewsOptIn] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  // Counts refused submits, so the summary takes the focus again even when its text is unchanged.
  const [attempt, setAttempt] = useState(0);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A Send in hand, from the press (before the state can say so): a second press does nothing.
  const busy = useRef(false);

  // Typed before the page's script ran: into the state before a render puts the state back.
  useEffect(() => {
    const typed = typedInto(formRef.current, EMPTY);
    if (FIELD_ORDER.some((name) => typed[name] !== '')) setValues(typed);
  }, []);

  // The button the visitor pressed is gone once sent: keep their place on the confirmation. An
  // effect runs after React has committed the paragraph, so the ref is always there.
  useEffect(() => {
    if (state === 'sent') thanksRef.current?.focus();
  }, [state]);

  const showErrors = (found: Errors, message: string | null) => {
    setErrors(found);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state !== 'editing' || busy.current) return;
    const typed = typedInto(event.currentTarget, values);
    setValues(typed);
    busy.current = true;
    try {
      await checkAndSend({ ...typed, newsOptIn });
    } finally {
      busy.current = false;
    }
  };

  const checkAndSend = async (input: ContactMessageInput) => {
    const sender = await loadSending().catch(() => null);
    // Offline before the form's checks could load: nothing could be sent either.
    if (!sender) return showErrors({}, COULD_NOT_SEND);
    const refused = sender.fieldErrorsOf(input);
    if (refused) return showErrors(errorsFrom(refused), null);
    setErrors({});
    setFormError(null);
    setState('sending');
    const result = await sender.sendContactMessage(input);
    if (result.ok) {
      setState('sent');
      return;
    }
    setState('editing');
    const found = errorsFrom(result.fields);
    showErrors(found, Object.keys(found).length > 0 ? null : (result.message ?? COULD_NOT_SEND));
  };

  const update = (name: TextField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  const errorList = FIELD_ORDER.filter((name) => errors[name]);
  const sending = state === 'sending';
  const sent = state === 'sent';

  return (
    <form
      ref={formRef}
      className="contact-form"
      onSubmit={submit}
      // The checks start loading as soon as the form is used, so Send does not wait for them.
      onFocus={() => void loadSending()}
      noValidate
      aria-labelledby="contact-title"
    >
      <ErrorSummary
        message={formError}
        errors={errorList.map((name) => ({
          fieldId: `contact-${name}`,
          message: errors[name] ?? '',
        }))}
        focusKey={attempt}
      />
      <div className="contact-form__grid">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            {...field}
            value={values[field.name]}
            error={errors[field.name]}
            disabled={sent}
            onChange={(value) => update(field.name, value)}
          />
        ))}
        <div className={`field field--wide${errors.message ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="contact-message">
            Message
          </label>
          {errors.message && (
            <p className="field__error" id="contact-message-error">
              <span className="visually-hidden">Error: </span>
              {errors.message}
            </p>
          )}
          <textarea
            id="contact-message"
            name="message"
            className="field__input field__input--textarea"
            rows={5}
            maxLength={CONTACT_LIMITS.message}
            value={values.message}
            disabled={sent}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'contact-message-error' : undefined}
            onChange={(event) => update('message', event.target.value)}
          />
        </div>
        <div className="field field--wide toggle">
          <input
            id="contact-news"
            type="checkbox"
            role="switch"
            className="toggle__input"
            checked={newsOptIn}
            disabled={sent}
            onChange={(event) => setNewsOptIn(event.target.checked)}
          />
          <label htmlFor="contact-news" className="toggle__label">
            Send me occasional news and offers from BoxAbroad by email. You can unsubscribe at any
            time. (Optional)
          </label>
        </div>
      </div>
      <div className="contact-form__actions" aria-live="polite">
        {sent ? (
          <p className="contact-form__thanks" ref={thanksRef} tabIndex={-1}>
            <strong>Thank you!</strong> We have received your message and will reply by email during
            customer service hours, 9am to 5:30pm Monday to Friday.
          </p>
        ) : (
          <BusyButton
            className="button button--primary button--block"
            busy={sending}
            busyLabel="Sending your message"
            busyText="Sending…"
          >
            Send message
          </BusyButton>
        )}
      </div>
    </form>
  );
}

interface FieldProps extends FieldSpec {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}

function Field({ name, type = 'text', value, error, disabled, onChange, ...rest }: FieldProps) {
  return (
    <TextField
      {...rest}
      id={`contact-${name}`}
      name={name}
      type={type}
      value={value}
      error={error}
      disabled={disabled}
      spellCheck={type === 'text' ? undefined : false}
      onChange={onChange}
    />
  );
}
