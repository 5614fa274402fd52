import type { CoverOptions } from '#src/domain/api/cover.js';
import { coverExclusionDetail } from '#src/domain/cover.js';

/**
 * The declared items the cover does not pay for in full, each with why, what it is worth and
 * what of it counts towards the cover (docs/cover-and-import-charges.md, "What the cover does not
 * pay for"): beside the suggested cover on the payment step and beside the raise after payment.
 */
export function CoverExclusionsList({
  id,
  exclusions,
  includedPence,
}: {
  id?: string;
  exclusions: CoverOptions['exclusions'];
  includedPence: number;
}) {
  if (exclusions.length === 0) return null;
  return (
    <div className="cover-choice__exclusions" id={id}>
      <p className="cover-choice__exclusions-title">The cover does not pay in full for:</p>
      <ul>
        {exclusions.map((item) => (
          <li key={item.itemId}>
            <strong>{item.name}</strong> {coverExclusionDetail(item, includedPence)}
          </li>
        ))}
      </ul>
    </div>
  );
}
