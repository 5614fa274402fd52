import { useId } from 'react';
import { formatDayMonth } from '#src/domain/london-time.js';

export interface ChartDay {
  day: string;
  value: number;
}

/**
 * A bar per day, in plain SVG: the picture is one image with a summary for screen readers; the
 * figures themselves are in the table that goes with it.
 */
export function DayChart({
  title,
  days,
  format,
}: {
  title: string;
  days: readonly ChartDay[];
  format: (value: number) => string;
}) {
  const titleId = useId();
  const width = 600;
  const height = 160;
  const top = 16;
  const bottom = 20;
  const max = Math.max(1, ...days.map((d) => d.value));
  const slot = width / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const busiest = days.reduce<ChartDay | undefined>(
    (best, d) => (!best || d.value > best.value ? d : best),
    undefined,
  );
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    `${title}, ${days.length} days: ${format(total)} in all` +
    (busiest && busiest.value > 0
      ? `, the most on ${formatDayMonth(busiest.day)} (${format(busiest.value)}).`
      : '.');
  return (
    <figure className="day-chart">
      <figcaption id={titleId}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
        className="day-chart__svg"
      >
        <line
          x1="0"
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          className="day-chart__axis"
        />
        {days.map((d, index) => {
          const barHeight = ((height - top - bottom) * d.value) / max;
          return (
            <rect
              key={d.day}
              x={index * slot + slot * 0.15}
              width={slot * 0.7}
              y={height - bottom - barHeight}
              height={barHeight}
              className="day-chart__bar"
            >
              <title>{`${formatDayMonth(d.day)}: ${format(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="day-chart__scale" aria-hidden="true">
        <span>{first ? formatDayMonth(first.day) : ''}</span>
        <span>most: {format(max === 1 && total === 0 ? 0 : max)}</span>
        <span>{last ? formatDayMonth(last.day) : ''}</span>
      </div>
    </figure>
  );
}
