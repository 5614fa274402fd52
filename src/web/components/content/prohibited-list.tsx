import { describeLimit, type GoodsListEntry } from '#src/domain/goods-list.js';

/**
 * Categories of the goods table as a list shows them: with what each covers on the Prohibited
 * Items page (GOODS_CATEGORIES), by name alone on the home page (GOODS_LIST, which keeps the
 * table's matching out of the home page's script).
 */
type Listed = GoodsListEntry & { covers?: string };

/** The goods never sent. */
export function ProhibitedList({ categories }: { categories: readonly Listed[] }) {
  return (
    <ul className="prohibited-list">
      {categories
        .filter((c) => c.rule.kind === 'refused')
        .map((category) => (
          <li className="prohibited-list__item" key={category.id}>
            <span className="prohibited-list__icon" aria-hidden="true" />
            <span>
              <span className="prohibited-list__name">{category.name}</span>
              {category.covers && (
                <span className="prohibited-list__covers">{category.covers}</span>
              )}
            </span>
          </li>
        ))}
    </ul>
  );
}

/** The goods sent only within a limit or only to the EU, each with its rule. */
export function RestrictedList({ categories }: { categories: readonly Listed[] }) {
  return (
    <ul className="limits-list">
      {categories
        .filter((c) => c.rule.kind !== 'refused')
        .map((category) => (
          <li key={category.id}>
            <strong>{category.name}:</strong> {describeLimit(category)}.
            {category.covers && <> {category.covers}</>}
          </li>
        ))}
    </ul>
  );
}
