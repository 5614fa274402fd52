import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/**
 * Questions as buttons, answers as regions; only one answer is open at a time (docs/product-rules.md).
 * Enter or Space toggles; Up, Down, Home and End move between questions (WAI-ARIA accordion).
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entries.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="accordion">
      {entries.map((entry, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div className={`accordion__item${isOpen ? ' accordion__item--open' : ''}`} key={index}>
            <h2 className="accordion__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className="accordion__button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{entry.question}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion__panel"
              hidden={!isOpen}
            >
              {entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
