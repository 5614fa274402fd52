import { useEffect, useRef } from 'react';

/**
 * A polite live region with a success notice in it, shown only while there is a message: what a
 * form says once its change is saved. `takeFocus`: the notice takes the focus when its message
 * comes, for a change whose form has moved on (the change landed: the message is where the
 * customer is now).
 */
export function SuccessNotice({
  message,
  takeFocus = false,
}: {
  message: string | null | undefined;
  takeFocus?: boolean;
}) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus && message) notice.current?.focus();
  }, [takeFocus, message]);
  return (
    <div role="status">
      {message && (
        <div className="notice notice--success" ref={notice} tabIndex={takeFocus ? -1 : undefined}>
          <p>{message}</p>
        </div>
      )}
    </div>
  );
}
