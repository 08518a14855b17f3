import { useLingui } from '@lingui/react';
import type { TMeter, TMeterPoint } from '@mqr/contracts';
import { formatDate } from '#web/lib/dates.ts';
import { formatReading } from '../lib/meter-format.ts';
import { METER_TEXTS } from '../texts.ts';
import styles from './meter-chart.module.css';

/** The drawing's own units: the SVG stretches to its box, its lines keep their width. */
const WIDTH = 300;
const HEIGHT = 100;

/**
 * The chart's lines: one per run of readings of one physical meter (a replacement starts a new
 * one), time along, value up, scaled to the readings shown.
 */
export function chartLines(points: TMeterPoint[]): string[] {
  if (points.length === 0) return [];
  const times = points.map((point) => Date.parse(point.readAt));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const low = Math.min(...points.map((point) => point.value));
  const high = Math.max(...points.map((point) => point.value));
  const x = (time: number) => (span === 0 ? WIDTH / 2 : ((time - first) / span) * WIDTH);
  const y = (value: number) => (high === low ? HEIGHT / 2 : HEIGHT - ((value - low) / (high - low)) * HEIGHT);
  const lines: string[][] = [];
  points.forEach((point, index) => {
    const at = `${x(times[index]!).toFixed(2)},${y(point.value).toFixed(2)}`;
    if (index === 0 || point.isReplacement) lines.push([at]);
    else lines.at(-1)!.push(at);
  });
  // A run of one reading is drawn as a short dash, so that it shows.
  return lines.map((line) => {
    if (line.length > 1) return line.join(' ');
    const [px = '0', py = '0'] = line[0]!.split(',');
    const left = Math.max(0, Number(px) - 3);
    return `${left.toFixed(2)},${py} ${(left + 6).toFixed(2)},${py}`;
  });
}

/**
 * A meter's latest readings as a line chart (docs/product/meters.md#chart): an SVG of the series the
 * server sends (the last METER_CHART_POINTS readings, read from one index), named by what it shows,
 * its lowest and highest readings written beside it.
 */
export function MeterChart({ meter }: { meter: Pick<TMeter, 'name' | 'unit' | 'series'> }) {
  const { _ } = useLingui();
  const points = meter.series;
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points.at(-1)!;
  const values = points.map((point) => point.value);
  const lines = chartLines(points);
  const on = (point: TMeterPoint) =>
    _(METER_TEXTS.valueOn(formatReading(point.value, meter.unit), formatDate(point.readAt)));
  const label = _(METER_TEXTS.chartLabel(meter.name, points.length, on(first), on(last)));
  return (
    <figure className={styles.figure}>
      <div className={styles.plot}>
        <div className={styles.scale} aria-hidden="true">
          <span>{formatReading(Math.max(...values), meter.unit)}</span>
          <span>{formatReading(Math.min(...values), meter.unit)}</span>
        </div>
        <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img">
          <title>{label}</title>
          <line className={styles.grid} x1="0" y1="0" x2={WIDTH} y2="0" />
          <line className={styles.grid} x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
          {lines.map((line) => (
            <polyline key={line} className={styles.line} points={line} />
          ))}
        </svg>
      </div>
      {/* The picture's name says it already (its title): shown, not read twice. */}
      <figcaption className={styles.caption} aria-hidden="true">
        {label}
      </figcaption>
    </figure>
  );
}
