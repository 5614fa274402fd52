import { useState } from 'react';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';

/**
 * Collection days as radio buttons, one card each ("Thu / 27 Nov"), inside the caller's
 * fieldset: a missed collection's new dates, or a booked collection's other days.
 */
export function DateOptions({
  dates,
  chosen,
  firstId,
  onChoose,
}: {
  dates: readonly string[];
  chosen: string;
  /** The first option's id, for the error summary's link. */
  firstId: string;
  onChoose: (date: string) => void;
}) {
  return (
    <div className="date-choice__options">
      {dates.map((date, index) => {
        const [weekday, day, month] = formatCalendarDate(date).split(' ');
        return (
          <label key={date} className="date-choice__option option-card">
            <input
              type="radio"
              name="collectionDate"
              id={index === 0 ? firstId : undefined}
              value={date}
              checked={chosen === date}
              onChange={() => onChoose(date)}
            />
            <span className="date-choice__day">
              <span className="date-choice__weekday">{weekday}</span>
              <span className="date-choice__date">
                {day} {month}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * A form's date among DateOptions, and the problem shown with it; `options`, the DateOptions
 * props that show the date and keep a choice, which clears the problem.
 */
export function useDateChoice(initial = '') {
  const [chosen, setChosen] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const onChoose = (date: string) => {
    setChosen(date);
    setProblem(null);
  };
  return { chosen, setChosen, problem, setProblem, options: { chosen, onChoose } };
}
