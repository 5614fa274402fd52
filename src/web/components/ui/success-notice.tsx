/**
 * Where the result of an action is said: a live region, always in the page, so that a screen
 * reader announces the message when it appears; nothing shows while there is none.
 */
export function SuccessNotice({ message }: { message: string | null | undefined }) {
  return (
    <div aria-live="polite">
      {message && (
        <div className="notice notice--success">
          <p>{message}</p>
        </div>
      )}
    </div>
  );
}
