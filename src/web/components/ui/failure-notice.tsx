/** Why a form's sending failed, announced as it is shown; nothing while there is no failure. */
export function FailureNotice({ message }: { message: string | null }) {
  return (
    message && (
      <div className="notice notice--error" role="alert">
        <p>{message}</p>
      </div>
    )
  );
}
