import { TEXT, type Charts } from '@dispatch/shared';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

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
  className?: string;
}

function ChartCard({ id, title, rows, labelHeading, children, className = '' }: ChartCardProps) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-rule bg-surface p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="py-16 text-center text-ink-soft">{D.noChartData}</p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-4 h-72">
            {children}
          </div>
          {/* In a div: a table ignores the sr-only size and would leave its height on the page. */}
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
        </>
      )}
    </section>
  );
}

const axisTick = { fill: INK_SOFT, fontSize: 12 };

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
              // The drawing is hidden from assistive technology (the table tells it): nothing in it takes focus.
              rootTabIndex={-1}
            >
              {charts.byPublisher.map((entry, index) => (
                <Cell key={entry.name} fill={PALETTE[index % PALETTE.length]} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle} />
            {/* A fixed height: measured on a phone, where it wraps, the legend took most of the pie's room. */}
            <Legend height={56} wrapperStyle={{ fontSize: 12, color: INK_SOFT }} />
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
