import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { useMediaQuery } from '@/lib/use-media-query.ts';

export interface ChartRow {
  label: string;
  /** The row's full name in the table (a month's name), when the label is short. */
  name?: string;
  value: number;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 44 };
const ROW_HEIGHT = 26;
const LABEL_WIDTH = 118;

/**
 * A bar chart drawn with visx (SVG), its colours from the theme's CSS variables so that the
 * high-contrast theme applies, and, one press away, the same figures as a table. Vertical bars
 * for periods, horizontal ones for named things (genres); sized for 375 px up.
 */
export function StatsChart({
  title,
  description,
  rows,
  labelHeading,
  unit,
  format = (value) => value.toLocaleString(),
  horizontal = false,
  extra,
}: {
  title: string;
  description?: ReactNode;
  rows: ChartRow[];
  /** The table's headings: what a row is ("Month"), and its figure ("Hours"). */
  labelHeading: string;
  unit: string;
  format?: (value: number) => string;
  horizontal?: boolean;
  extra?: ReactNode;
}) {
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  const isNarrow = useMediaQuery('(max-width: 639px)');
  const width = isNarrow ? 300 : 600;
  const max = Math.max(1, ...rows.map((row) => row.value));
  // Counts (titles, ratings) get whole-number ticks: a 0.5-title tick means nothing.
  const isCount = rows.every((row) => Number.isInteger(row.value));
  const countTicks = (ticks: number[]) => (isCount ? ticks.filter((tick) => Number.isInteger(tick)) : ticks);

  let chart: ReactNode;
  if (horizontal) {
    const height = rows.length * ROW_HEIGHT + 28;
    const plotWidth = width - LABEL_WIDTH - MARGIN.right;
    const y = scaleBand<string>({
      domain: rows.map((row) => row.label),
      range: [0, rows.length * ROW_HEIGHT],
      padding: 0.3,
    });
    const x = scaleLinear<number>({ domain: [0, max], range: [0, plotWidth], nice: true });
    chart = (
      <svg width={width} height={height} role="img" aria-label={`${title}, bar chart`} className="block max-w-full">
        <Group left={LABEL_WIDTH} top={4}>
          {rows.map((row) => (
            <Bar
              key={row.label}
              x={0}
              y={y(row.label)}
              width={Math.max(0, x(row.value) ?? 0)}
              height={y.bandwidth()}
              rx={3}
              fill="var(--color-gold-400)"
            />
          ))}
          <AxisLeft
            scale={y}
            hideTicks
            stroke="var(--color-fg-subtle)"
            tickLabelProps={{ fill: 'var(--color-fg-muted)', fontSize: 12, textAnchor: 'end', dx: -6, dy: 4 }}
          />
          <AxisBottom
            top={rows.length * ROW_HEIGHT}
            scale={x}
            tickValues={countTicks(x.ticks(isNarrow ? 3 : 5))}
            tickFormat={(value) => format(Number(value))}
            stroke="var(--color-fg-subtle)"
            tickStroke="var(--color-fg-subtle)"
            tickLabelProps={{ fill: 'var(--color-fg-muted)', fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    );
  } else {
    const plotWidth = width - MARGIN.left - MARGIN.right;
    const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
    const x = scaleBand<string>({ domain: rows.map((row) => row.label), range: [0, plotWidth], padding: 0.25 });
    const y = scaleLinear<number>({ domain: [0, max], range: [plotHeight, 0], nice: true });
    const labelEvery = Math.max(1, Math.ceil((rows.length * 34) / plotWidth));
    chart = (
      <svg width={width} height={HEIGHT} role="img" aria-label={`${title}, bar chart`} className="block max-w-full">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {rows.map((row) => (
            <Bar
              key={row.label}
              x={x(row.label)}
              y={y(row.value)}
              width={x.bandwidth()}
              height={Math.max(0, plotHeight - (y(row.value) ?? 0))}
              rx={3}
              fill="var(--color-gold-400)"
            />
          ))}
          <AxisLeft
            scale={y}
            tickValues={countTicks(y.ticks(4))}
            tickFormat={(value) => format(Number(value))}
            stroke="var(--color-fg-subtle)"
            tickStroke="var(--color-fg-subtle)"
            tickLabelProps={{ fill: 'var(--color-fg-muted)', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={plotHeight}
            scale={x}
            stroke="var(--color-fg-subtle)"
            tickStroke="var(--color-fg-subtle)"
            tickValues={rows.filter((_, index) => index % labelEvery === 0).map((row) => row.label)}
            tickLabelProps={{ fill: 'var(--color-fg-muted)', fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-white/[0.07] bg-ink-900/60 p-4 sm:p-5 hc:border-white/40"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-lg tracking-wide text-fg">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
        </div>
        <button
          type="button"
          aria-pressed={isTable}
          onClick={() => setIsTable((shown) => !shown)}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 px-2.5 text-xs font-medium text-fg-muted transition-colors hover:border-white/25 hover:text-fg hc:border-white/60"
        >
          {isTable ? <BarChart3 className="size-3.5" aria-hidden /> : <Table2 className="size-3.5" aria-hidden />}
          Show as table
        </button>
      </div>
      {extra}
      {isTable ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-white/10 text-fg-subtle">
              <th scope="col" className="py-1.5 pr-4 font-medium">
                {labelHeading}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-white/[0.05]">
                <th scope="row" className="py-1.5 pr-4 font-normal text-fg-muted">
                  {row.name ?? row.label}
                </th>
                <td className="py-1.5 text-right text-fg tabular-nums">{format(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="mt-3">{chart}</div>
      )}
    </section>
  );
}
