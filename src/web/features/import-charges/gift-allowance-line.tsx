import {
  IMPORT_CHARGES_INFO_PATH,
  IMPORT_CHARGES_TABLE_DATE,
  formatTableDate,
  giftAllowanceWords,
  isImportChargesDestination,
} from '#src/domain/import-charges.js';
import { Link } from '../../lib/router.js';
import './import-charges.css';

/** The quote's short line: what a gift to the destination may be worth and arrive free. */
export function GiftAllowanceLine({ countryCode }: { countryCode: string }) {
  if (!isImportChargesDestination(countryCode)) return null;
  return (
    <p className="import-charges__line">
      {giftAllowanceWords(countryCode)} (an estimate from our table of{' '}
      <time dateTime={IMPORT_CHARGES_TABLE_DATE}>{formatTableDate(IMPORT_CHARGES_TABLE_DATE)}</time>
      ). <Link to={IMPORT_CHARGES_INFO_PATH}>About import charges</Link>
    </p>
  );
}
