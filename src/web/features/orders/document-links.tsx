import type { OrderDocumentLink } from '#src/domain/checkout.js';

/**
 * A booked order's labels and documents as download links: the confirmation page, the account's
 * order page and the console's order page all list them this way (labels first).
 */
export function DocumentLinks({ documents }: { documents: readonly OrderDocumentLink[] }) {
  const ordered = [
    ...documents.filter((d) => d.kind === 'label'),
    ...documents.filter((d) => d.kind !== 'label'),
  ];
  return (
    <ul className="document-links">
      {ordered.map((doc) => (
        <li key={doc.url}>
          <a href={doc.url} download={doc.filename}>
            Download {doc.title}
            <span className="visually-hidden"> (PDF)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
