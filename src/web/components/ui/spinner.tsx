interface SpinnerProps {
  /** What is loading, read out by screen readers. */
  label: string;
  size?: 'small' | 'large';
}

export function Spinner({ label, size = 'small' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A whole page (or its main part) waiting for what it shows: a large spinner in its place. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} size="large" />
    </div>
  );
}
