import { boxDimensions, type BoxSpec } from '#src/domain/boxes.js';

interface BoxCounterProps {
  box: BoxSpec;
  count: number;
  canAdd: boolean;
  onAdd(): void;
  onRemove(): void;
}

/** "Small Box" / "Large box" with its limits, a minus button, the count and a plus button. */
export function BoxCounter({ box, count, canAdd, onAdd, onRemove }: BoxCounterProps) {
  const id = `box-counter-${box.type}`;
  return (
    <div className="box-counter" role="group" aria-labelledby={`${id}-label`}>
      <img
        className="box-counter__picture"
        src={`/illustrations/box-${box.type}.svg`}
        alt=""
        width="48"
        height="48"
      />
      <div className="box-counter__text">
        <span className="box-counter__label" id={`${id}-label`}>
          {box.label}
        </span>
        <span className="box-counter__limits">
          Up to {box.maxWeightKg} kg · {boxDimensions(box)}
        </span>
      </div>
      <div className="box-counter__controls">
        <button
          type="button"
          className="box-counter__button"
          onClick={onRemove}
          disabled={count === 0}
          aria-label={`Remove a ${box.label}`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="box-counter__count" aria-live="polite" aria-label={`${box.label}es`}>
          {count}
        </output>
        <button
          type="button"
          className="box-counter__button"
          onClick={onAdd}
          disabled={!canAdd}
          aria-label={`Add a ${box.label}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
