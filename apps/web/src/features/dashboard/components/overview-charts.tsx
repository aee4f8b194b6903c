import { TEXT, type Charts, DESK_TEXT } from '@dispatch/shared';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Label,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DrawnInView } from '../../../components/drawn-in-view';

const D = TEXT.dashboard;
// The theme's chart colours (index.css): SVG takes CSS variables, so the charts follow the theme.
const PALETTE = Array.from({ length: 8 }, (_, index) => `var(--color-chart-${index + 1})`);
const INK = 'var(--color-ink)';
const INK_SOFT = 'var(--color-ink-soft)';
const RULE = 'var(--color-rule)';
const ACCENT = 'var(--color-chart-2)';
const tooltipStyle = {
  contentStyle: { backgroundColor: 'var(--color-surface)', borderColor: 'var(--color-rule)', color: INK },
  labelStyle: { color: INK },
  itemStyle: { color: INK },
};

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const shortMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** 'YYYY-MM' written by `write`, or as it came when it is not a month. */
function formatMonth(month: string, write: (date: Date) => string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : write(date);
}

/** 'YYYY-MM' as 'Mar 2025'. */
export const monthLabel = (month: string) => formatMonth(month, (date) => monthFormat.format(date));

/** 'YYYY-MM' as "Mar ’25": short enough for every month's label to fit under the chart. */
export const shortMonthLabel = (month: string) =>
  formatMonth(month, (date) => `${shortMonthFormat.format(date)} ’${month.slice(2, 4)}`);

interface ChartCardProps {
  id: string;
  title: string;
  /** What the chart shows, as rows of label and count, for screen readers (the drawing is hidden from them). */
  rows: Array<{ label: string; count: number }>;
  labelHeading: string;
  children: ReactNode;
  /** Shown under the drawing instead of the screen readers' table, when the counts should be seen too. */
  legend?: ReactNode;
  className?: string;
}

function ChartCard({ id, title, rows, labelHeading, children, legend, className = '' }: ChartCardProps) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-rule bg-surface p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="py-16 text-center text-ink-soft">{D.noChartData}</p>
      ) : (
        <>
          <DrawnInView className="mt-4 h-72">{children}</DrawnInView>
          {/* The table is in a div: a table ignores the sr-only size and would leave its height on the page. */}
          {legend ?? (
            <div className="sr-only">
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{labelHeading}</th>
                    <th scope="col">{D.articles}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      <td>{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

const axisTick = { fill: INK_SOFT, fontSize: 12 };

/** Each publisher's colour, name, count and share, as a list people read (the pie alone gives no numbers). */
function PublisherLegend({ rows }: { rows: Charts['byPublisher'] }) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <ul aria-label={D.byPublisher} className="mt-4 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
      {rows.map((row, index) => (
        <li key={row.name} className="flex min-w-0 items-baseline gap-2">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 translate-y-0.5 rounded-sm"
            style={{ backgroundColor: PALETTE[index % PALETTE.length] }}
          />
          <span className="min-w-0 flex-1 break-words text-ink">{row.name}</span>
          <span className="shrink-0 font-semibold text-ink tabular-nums">{row.count}</span>
          <span className="w-10 shrink-0 text-right text-ink-soft tabular-nums">
            {total > 0 ? `${Math.round((row.count / total) * 100)}%` : '–'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The overview's three charts (docs/product.md#screens, docs/product.md#real-chart-counts: real counts). Loaded lazily with Recharts. */
export function OverviewCharts({ charts }: { charts: Charts }) {
  const months = charts.byMonth.map((entry) => ({
    label: monthLabel(entry.month),
    axisLabel: shortMonthLabel(entry.month),
    count: entry.count,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        id="chart-publishers"
        title={D.byPublisher}
        labelHeading={D.publisher}
        rows={charts.byPublisher.map((entry) => ({ label: entry.name, count: entry.count }))}
        legend={<PublisherLegend rows={charts.byPublisher} />}
      >
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={charts.byPublisher}
              dataKey="count"
              nameKey="name"
              innerRadius="45%"
              outerRadius="80%"
              paddingAngle={2}
              isAnimationActive={false}
              // The drawing is hidden from assistive technology (the legend tells it): nothing in it takes focus.
              rootTabIndex={-1}
            >
              {charts.byPublisher.map((entry, index) => (
                <Cell key={entry.name} fill={PALETTE[index % PALETTE.length]} />
              ))}
              <Label
                position="center"
                value={DESK_TEXT.chartTotal(charts.byPublisher.reduce((sum, entry) => sum + entry.count, 0))}
                fill={INK}
                fontSize={14}
                fontWeight={600}
              />
            </Pie>
            <Tooltip {...tooltipStyle} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        id="chart-tags"
        title={D.byTag}
        labelHeading={D.tag}
        rows={charts.byTag.map((entry) => ({ label: entry.tag, count: entry.count }))}
      >
        <ResponsiveContainer width="100%" height="100%">
          {/* Bars across, tags down the side: every tag's name stays readable on a phone. */}
          <BarChart
            data={charts.byTag}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
          >
            <CartesianGrid stroke={RULE} horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="tag" tick={axisTick} interval={0} tickLine={false} width={96} />
            <Tooltip {...tooltipStyle} cursor={{ fill: 'var(--color-surface-muted)' }} />
            <Bar dataKey="count" name={D.articles} fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard id="chart-months" title={D.byMonth} labelHeading={D.month} rows={months} className="lg:col-span-2">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <defs>
              <linearGradient id="months-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={INK} stopOpacity={0.35} />
                <stop offset="100%" stopColor={INK} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke={RULE} vertical={false} />
            <XAxis dataKey="axisLabel" tick={axisTick} tickLine={false} minTickGap={4} />
            <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
            <Tooltip {...tooltipStyle} />
            <Area
              type="monotone"
              dataKey="count"
              name={D.articles}
              stroke={INK}
              strokeWidth={2}
              fill="url(#months-fill)"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
