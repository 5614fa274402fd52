import { useEffect, useState } from 'react';
import type { getRates } from '#src/domain/api/catalog.js';
import { RATES_ROUTE } from '#src/domain/api/entry-routes.js';
import { DESTINATIONS } from '#src/domain/countries.js';
import { formatPence } from '#src/domain/money.js';
import { priceForBoxes } from '#src/domain/pricing.js';
import { callApiUnchecked } from '../../lib/api-entry.js';
import { Link } from '../../lib/router.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

type FromPrices = Map<number, number>;

/**
 * Each destination's Economy price for one Small Box, by the same pricing function as a quote:
 * a destination whose table has no such price shows none (never another weight's). The home page
 * is the entry chunk, so the reply is typed by the route's declaration but not checked here
 * (api.ts); a refusal or a reply of another shape shows no prices.
 */
async function loadFromPrices(signal: AbortSignal): Promise<FromPrices> {
  const rates = await callApiUnchecked<typeof getRates>(RATES_ROUTE, { signal });
  const prices: FromPrices = new Map();
  for (const d of rates.services.economy.destinations) {
    const pence = priceForBoxes(d.prices, 1, 0);
    if (pence !== undefined) prices.set(d.countryId, pence);
  }
  return prices;
}

/** Where a destination's tile leads: the home page's quote form with that destination chosen. */
export function quoteLinkFor(countryCode: string): string {
  return `${SITE_PAGES.home.path}?to=${countryCode.toLowerCase()}`;
}

/**
 * The twelve destinations with their "from" prices, each a link to a quote for it. `onChoose` is
 * told of a plain click, so a page already showing the form can choose the destination at once.
 */
export function DestinationPrices({ onChoose }: { onChoose?: (countryId: number) => void }) {
  const [prices, setPrices] = useState<FromPrices | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadFromPrices(controller.signal)
      .then(setPrices)
      .catch(() => {
        if (!controller.signal.aborted) setPrices(new Map());
      });
    return () => controller.abort();
  }, []);

  return (
    <ul className="destination-prices" aria-busy={prices === null}>
      {DESTINATIONS.map((d) => {
        const from = prices?.get(d.countryId);
        return (
          <li key={d.countryId} className="destination-prices__item">
            <Link
              to={quoteLinkFor(d.countryCode)}
              className="destination-prices__link"
              onClick={() => onChoose?.(d.countryId)}
            >
              <img
                src={d.flagPath}
                alt=""
                width="32"
                height="24"
                className="destination-prices__flag"
              />
              <span className="destination-prices__name">
                <span className="visually-hidden">Get a quote to </span>
                {d.title}
              </span>
              <span className="destination-prices__price">
                {from !== undefined ? `from ${formatPence(from)}` : ' '}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
