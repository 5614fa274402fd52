import { useEffect, useState } from 'react';
import { DESTINATIONS } from '../../../domain/countries.js';
import { formatPence } from '../../../domain/money.js';

type FromPrices = Map<number, number>;

/** Reads each destination's lowest Economy price from GET /api/v1/rates (no schema library: the
 * home page's JavaScript budget is tight; anything unexpected simply shows no price). */
async function loadFromPrices(signal: AbortSignal): Promise<FromPrices> {
  const response = await fetch('/api/v1/rates', {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return new Map();
  const body = (await response.json()) as {
    services?: { economy?: { destinations?: { countryId?: unknown; fromPence?: unknown }[] } };
  };
  const prices: FromPrices = new Map();
  for (const d of body.services?.economy?.destinations ?? []) {
    if (typeof d.countryId === 'number' && typeof d.fromPence === 'number') {
      prices.set(d.countryId, d.fromPence);
    }
  }
  return prices;
}

/** The twelve destinations with their "from" prices (issue: prices shown as "from £…"). */
export function DestinationPrices() {
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
            <img
              src={d.flagPath}
              alt=""
              width="32"
              height="24"
              className="destination-prices__flag"
            />
            <span className="destination-prices__name">{d.title}</span>
            <span className="destination-prices__price">
              {from !== undefined ? `from ${formatPence(from)}` : ' '}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
