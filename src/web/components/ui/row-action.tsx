/**
 * An action on one row of a list, shown as a link-styled button: the visible word ("Delete")
 * and, for a screen reader, what it acts on ("Delete Winter coats"). Held back (not disabled,
 * so it keeps its focus) while `waiting`.
 */
export function RowAction({
  action,
  on,
  waiting,
  onClick,
}: {
  action: string;
  /** The row's name, read after the action. */
  on: string;
  waiting?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--link"
      aria-disabled={waiting || undefined}
      onClick={onClick}
    >
      {action}
      <span className="visually-hidden"> {on}</span>
    </button>
  );
}
