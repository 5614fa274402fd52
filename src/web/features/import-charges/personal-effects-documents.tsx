import { IMPORT_CHARGES_INFO_PATH, personalEffectsDocuments } from '#src/domain/import-charges.js';
import { Link } from '../../lib/router.js';
import './import-charges.css';

/**
 * What the destination's customs ask of personal effects, one document a line (the same list the
 * confirmation email carries as a checklist), with the relief's conditions. Nothing for a
 * destination outside the import charges table.
 */
export function PersonalEffectsDocuments({
  countryCode,
  headingLevel = 3,
  id,
}: {
  countryCode: string;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const relief = personalEffectsDocuments(countryCode);
  if (!relief) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${id ?? 'personal-effects'}-documents-title`;
  return (
    <section className="personal-effects-documents" aria-labelledby={headingId} id={id}>
      <Heading id={headingId} className="personal-effects-documents__title">
        Documents for customs in {relief.country}
      </Heading>
      <p>To claim relief from import duty and tax, the recipient shows customs:</p>
      <ul className="personal-effects-documents__list">
        {relief.checklist.map((doc) => (
          <li key={doc}>{doc}</li>
        ))}
      </ul>
      <p className="personal-effects-documents__conditions">{relief.conditions}</p>
      <p className="personal-effects-documents__conditions">
        <Link to={IMPORT_CHARGES_INFO_PATH}>What personal-effects relief needs</Link>
      </p>
    </section>
  );
}
