import { BOX_SPECS, boxDimensions, MAX_BOXES } from '#src/domain/boxes.js';

/** The two box sizes as pictures with their dimensions and weight limits (docs/product-rules.md, "Boxes"). */
export function BoxSizes() {
  return (
    <ul className="box-sizes">
      {(['small', 'large'] as const).map((type) => {
        const box = BOX_SPECS[type];
        return (
          <li className="box-sizes__item" key={type}>
            <img
              className="box-sizes__picture"
              src={`/illustrations/box-${type}.svg`}
              alt=""
              width="120"
              height="120"
              loading="lazy"
              decoding="async"
            />
            <div>
              <h3 className="box-sizes__name">{box.label}</h3>
              <dl className="box-sizes__facts">
                <div>
                  <dt>Weight</dt>
                  <dd>up to {box.maxWeightKg} kg</dd>
                </div>
                <div>
                  <dt>Size</dt>
                  <dd>{boxDimensions(box)}</dd>
                </div>
              </dl>
            </div>
          </li>
        );
      })}
      <li className="box-sizes__note">
        Mix the two sizes as you like, up to {MAX_BOXES} boxes in one booking. Anything over a box’s
        size or weight limit is charged extra under our terms.
      </li>
    </ul>
  );
}
