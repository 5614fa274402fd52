import { useEffect, useRef } from 'react';

export interface ErrorSummaryProps {
  /** The main message, e.g. "Required field is missing." */
  message?: string | null;
  /** Each problem with the id of the field it belongs to. */
  errors?: { fieldId?: string; message: string }[];
  /** Changes on every refused submit, so focus returns to the summary even if its text is the same. */
  focusKey?: number;
  /**
   * False: a change of the problems alone (one that went away) leaves focus where it is; only
   * `focusKey` (a new submit) focuses the summary again. For pages whose problems clear as the
   * visitor fixes them.
   */
  refocusOnChange?: boolean;
}

/**
 * The error summary at the top of a form (GOV.UK pattern): focused when it appears so screen
 * readers announce it, each problem a link to its field.
 */
export function ErrorSummary({
  message,
  errors = [],
  focusKey = 0,
  refocusOnChange = true,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(message) || errors.length > 0;
  const key = refocusOnChange ? `${message ?? ''}|${errors.map((e) => e.message).join('|')}` : '';
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, key, focusKey]);
  if (!shown) return null;
  const listed = errors.filter((e) => e.message !== message);
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert">
      <h2 className="error-summary__title">There is a problem</h2>
      {message && <p className="error-summary__message">{message}</p>}
      {listed.length > 0 && (
        <ul className="error-summary__list">
          {listed.map((error, i) => (
            <li key={`${error.fieldId ?? i}-${error.message}`}>
              {error.fieldId ? <a href={`#${error.fieldId}`}>{error.message}</a> : error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
