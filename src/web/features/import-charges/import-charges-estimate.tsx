import {
  IMPORT_CHARGES,
  IMPORT_CHARGES_INFO_PATH,
  estimateImportCharges,
  isImportChargesDestination,
} from '#src/domain/import-charges.js';
import { declaredValuePence } from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderView } from '#src/domain/order.js';
import { Link } from '../../lib/router.js';
import './import-charges.css';
import { TitledSection } from '../../components/ui/titled-section.js';

/**
 * What the recipient may be asked to pay at the border for the order's declaration so far:
 * an estimate from the dated table (src/domain/import-charges.ts), never charged by us. On
 * Declare Items it follows the declaration as it grows; on the payment step it is shown once.
 * `personalEffects`: the boxes hold the recipient's own used belongings (the declaration's
 * switch on the order); the estimate then assumes the destination's relief.
 */
export function ImportChargesEstimate({
  order,
  personalEffects = false,
}: {
  order: Pick<OrderView, 'destination' | 'parcels'>;
  personalEffects?: boolean;
}) {
  const code = order.destination.countryCode;
  if (!isImportChargesDestination(code)) return null;
  const value = order.parcels.reduce((sum, p) => sum + declaredValuePence(p.items), 0);
  const estimate = estimateImportCharges({
    destination: code,
    declaredValuePence: value,
    personalEffects,
  });
  return (
    <TitledSection block="import-charges" title="Import charges estimate">
      <p className="import-charges__value">
        Declared value {formatPence(value)}, to {IMPORT_CHARGES[code].country}
        {personalEffects ? ', as personal effects' : ', as a gift'}.
      </p>
      <p className="import-charges__estimate">{estimate.words}</p>
      <p className="import-charges__note">
        The destination’s customs decide; the recipient pays any charges to the courier on delivery.{' '}
        <Link to={IMPORT_CHARGES_INFO_PATH}>What personal-effects relief needs</Link>
      </p>
    </TitledSection>
  );
}
