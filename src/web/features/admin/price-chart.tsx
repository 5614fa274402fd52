import { useId, useState } from 'react';
import { formatPence } from '#src/domain/money.js';
import {
  RATE_SERVICE_TITLES,
  RATE_SERVICES,
  type RatePrice,
  type RateService,
} from '#src/domain/rates.js';

interface Destination {
  countryId: number;
  title: string;
}

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

/**
 * Price against weight for one destination, both services as lines in plain SVG, drawn from the
 * grid as typed (so an unsaved edit that makes a price fall shows as a dip). The picture is one
 * image with a summary for screen readers; the figures are the grid's.
 */
export function PriceChart({
  destinations,
  weightsKg,
  prices,
}: {
  destinations: readonly Destination[];
  weightsKg: readonly number[];
  prices: readonly RatePrice[];
}) {
  const selectId = useId();
  const [destinationId, setDestinationId] = useState(destinations[0]?.countryId ?? 0);
  const destination = destinations.find((d) => d.countryId === destinationId);
  const lines = RATE_SERVICES.map((service) => ({
    service,
    points: weightsKg.flatMap((weightKg) => {
      const price = prices.find(
        (p) =>
          p.service === service &&
          p.destinationCountryId === destinationId &&
          p.weightKg === weightKg,
      );
      return price ? [{ weightKg, pence: price.pricePence }] : [];
    }),
  }));
  const all = lines.flatMap((line) => line.points);
  const maxPence = Math.max(1, ...all.map((p) => p.pence));
  const minWeight = Math.min(...weightsKg);
  const maxWeight = Math.max(...weightsKg);
  const x = (weightKg: number) =>
    PAD.left +
    ((WIDTH - PAD.left - PAD.right) * (weightKg - minWeight)) / Math.max(1, maxWeight - minWeight);
  const y = (pence: number) =>
    HEIGHT - PAD.bottom - ((HEIGHT - PAD.top - PAD.bottom) * pence) / maxPence;
  const summary = `${destination?.title ?? 'No destination'}: ${lines
    .map(({ service, points }) => describe(service, points))
    .join('; ')}.`;

  return (
    <section aria-labelledby={`${selectId}-heading`} className="console-section">
      <h2 id={`${selectId}-heading`}>Price against weight</h2>
      <div className="field price-chart__destination">
        <label className="field__label" htmlFor={selectId}>
          Destination
        </label>
        <select
          id={selectId}
          className="field__input"
          value={destinationId}
          onChange={(event) => setDestinationId(Number(event.target.value))}
        >
          {destinations.map((d) => (
            <option key={d.countryId} value={d.countryId}>
              {d.title}
            </option>
          ))}
        </select>
      </div>
      <figure className="price-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={summary}
          className="price-chart__svg"
        >
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={HEIGHT - PAD.bottom}
            y2={HEIGHT - PAD.bottom}
            className="price-chart__axis"
          />
          <line
            x1={PAD.left}
            x2={PAD.left}
            y1={PAD.top}
            y2={HEIGHT - PAD.bottom}
            className="price-chart__axis"
          />
          <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="price-chart__label">
            {formatPence(maxPence)}
          </text>
          <text
            x={PAD.left - 6}
            y={HEIGHT - PAD.bottom}
            textAnchor="end"
            className="price-chart__label"
          >
            £0
          </text>
          {weightsKg.map((weightKg) => (
            <text
              key={weightKg}
              x={x(weightKg)}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="price-chart__label"
            >
              {weightKg}
            </text>
          ))}
          {lines.map(({ service, points }) => (
            <g key={service} className={`price-chart__line price-chart__line--${service}`}>
              <polyline
                fill="none"
                points={points.map((p) => `${x(p.weightKg)},${y(p.pence)}`).join(' ')}
              />
              {points.map((p) => (
                <circle key={p.weightKg} cx={x(p.weightKg)} cy={y(p.pence)} r="4">
                  <title>{`${RATE_SERVICE_TITLES[service]}, ${p.weightKg} kg: ${formatPence(p.pence)}`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
        <figcaption className="price-chart__legend">
          {RATE_SERVICES.map((service) => (
            <span key={service} className={`price-chart__key price-chart__key--${service}`}>
              {RATE_SERVICE_TITLES[service]}
            </span>
          ))}
          <span className="muted">Total weight in kg across; price up.</span>
        </figcaption>
      </figure>
    </section>
  );
}

function describe(service: RateService, points: readonly { weightKg: number; pence: number }[]) {
  const title = RATE_SERVICE_TITLES[service];
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${title} not offered`;
  const falls = points.some((p, i) => {
    const before = points[i - 1];
    return before !== undefined && p.pence < before.pence;
  });
  return `${title} from ${formatPence(first.pence)} at ${first.weightKg} kg to ${formatPence(last.pence)} at ${last.weightKg} kg${falls ? ', falling somewhere as weight rises' : ''}`;
}
