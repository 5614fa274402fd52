import { PROHIBITED_ITEMS } from '../../../domain/prohibited-items.js';

/** The nine prohibited items (docs/product-rules.md). */
export function ProhibitedList() {
  return (
    <ul className="prohibited-list">
      {PROHIBITED_ITEMS.map((item) => (
        <li className="prohibited-list__item" key={item}>
          <span className="prohibited-list__icon" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
