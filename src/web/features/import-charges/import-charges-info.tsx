import {
  IMPORT_CHARGES,
  IMPORT_CHARGES_DESTINATIONS,
  IMPORT_CHARGES_TABLE_DATE,
  formatTableDate,
  giftAllowanceWords,
  type ImportChargesDestination,
  type ImportChargesRow,
} from '#src/domain/import-charges.js';
import './import-charges.css';

/** Destinations that share one row's rules (the EU's), listed together. */
function groups(): { codes: ImportChargesDestination[]; row: ImportChargesRow }[] {
  const out: { codes: ImportChargesDestination[]; row: ImportChargesRow }[] = [];
  for (const code of IMPORT_CHARGES_DESTINATIONS) {
    const row = IMPORT_CHARGES[code];
    const same = out.find((g) => g.row.personalEffects === row.personalEffects);
    if (same) same.codes.push(code);
    else out.push({ codes: [code], row });
  }
  return out;
}

/**
 * The customer's page text on import charges (How It Works, `#import-charges`): who pays, the
 * gift allowance per destination and what personal-effects relief needs, from the dated table.
 */
export function ImportChargesInfo() {
  return (
    <section
      className="import-charges-info"
      id="import-charges"
      aria-labelledby="import-charges-info-title"
    >
      <h2 id="import-charges-info-title">Import charges at the destination</h2>
      <p>
        The destination’s customs may ask the recipient to pay import duty, import VAT or GST, and
        the courier a fee for clearing the boxes. We never charge these: our price is for the
        delivery. While you book we show an estimate from our table of{' '}
        <time dateTime={IMPORT_CHARGES_TABLE_DATE}>
          {formatTableDate(IMPORT_CHARGES_TABLE_DATE)}
        </time>
        , worked out from the value you declare. Rules and rates change: the customs decide.
      </p>
      <p>
        <strong>Gifts</strong> sent by one private person to another, with nothing paid for them,
        arrive free up to an allowance; above it, charges apply. <strong>Personal effects</strong>,
        your own used belongings sent to your new home abroad, can arrive free of duty and tax under
        a relief, if the recipient qualifies and shows the right documents when the courier clears
        the boxes.
      </p>
      {groups().map(({ codes, row }) => (
        <div key={codes.join('-')} className="import-charges-info__country">
          <h3>{codes.map((code) => IMPORT_CHARGES[code].country).join(', ')}</h3>
          <ul>
            {codes.map((code) => (
              <li key={code}>
                {codes.length > 1 && <>{IMPORT_CHARGES[code].country}: </>}
                {giftAllowanceWords(code)}.
              </li>
            ))}
          </ul>
          <p>
            <strong>Personal-effects relief:</strong> {row.personalEffects.conditions}
          </p>
          <p>
            <strong>What the recipient needs:</strong> {row.personalEffects.documents}
          </p>
          <p className="import-charges__note">
            Official sources:{' '}
            {row.sources
              .filter((source) => !source.title.startsWith('DHL'))
              .map((source, i) => (
                <span key={source.url}>
                  {i > 0 && '; '}
                  <a href={source.url} rel="noopener noreferrer">
                    {source.title}
                  </a>
                </span>
              ))}
            .
          </p>
        </div>
      ))}
    </section>
  );
}
