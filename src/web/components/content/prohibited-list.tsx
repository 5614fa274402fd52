import {
  GOODS_CATEGORIES,
  describeLimit,
  type GoodsCategory,
} from '../../../domain/prohibited-items.js';

const REFUSED = GOODS_CATEGORIES.filter((c) => c.rule.kind === 'refused');
const RESTRICTED = GOODS_CATEGORIES.filter((c) => c.rule.kind !== 'refused');

/** The goods never sent, from the prohibited-goods table (home page and /prohibited-items). */
export function ProhibitedList({ detailed = false }: { detailed?: boolean }) {
  return (
    <ul className="prohibited-list">
      {REFUSED.map((category) => (
        <li className="prohibited-list__item" key={category.id}>
          <span className="prohibited-list__icon" aria-hidden="true" />
          <span>
            <span className="prohibited-list__name">{category.name}</span>
            {detailed && <span className="prohibited-list__covers">{category.covers}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The goods sent only within a limit or only to the EU, each with its rule, from the same table. */
export function RestrictedList({ detailed = false }: { detailed?: boolean }) {
  return (
    <ul className="limits-list">
      {RESTRICTED.map((category: GoodsCategory) => (
        <li key={category.id}>
          <strong>{category.name}:</strong> {describeLimit(category)}.
          {detailed && <> {category.covers}</>}
        </li>
      ))}
    </ul>
  );
}

/** The home page's two lists (a lazy chunk of its own). */
export function GoodsLists() {
  return (
    <>
      <ProhibitedList />
      <p>These can be sent only within a limit, or only to the EU:</p>
      <RestrictedList />
    </>
  );
}
