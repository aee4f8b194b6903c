import { FUNNEL_STAGES, REVENUE_TEXT, type Funnel } from '@dispatch/shared';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DrawnInView } from '../../../components/drawn-in-view';

const F = REVENUE_TEXT.funnel;
// The theme's chart colours (index.css), so the chart follows the theme.
const PALETTE = FUNNEL_STAGES.map((_, index) => `var(--color-chart-${index + 1})`);
const INK = 'var(--color-ink)';
const INK_SOFT = 'var(--color-ink-soft)';
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Readers per day at each stage; a table of the same numbers for screen readers. */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  return (
    <section aria-labelledby="funnel-by-day" className="rounded-lg border border-rule bg-surface p-5 sm:p-6">
      <h2 id="funnel-by-day" className="text-xl font-bold text-ink">
        {F.byDay}
      </h2>
      <DrawnInView className="mt-4 h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={funnel.byDay} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="var(--color-rule)" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fill: INK_SOFT, fontSize: 12 }} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fill: INK_SOFT, fontSize: 12 }} />
            <Tooltip
              labelFormatter={(day) => dayLabel(String(day))}
              contentStyle={{ backgroundColor: 'var(--color-surface)', borderColor: 'var(--color-rule)', color: INK }}
              labelStyle={{ color: INK }}
            />
            <Legend wrapperStyle={{ color: INK, fontSize: 12 }} />
            {FUNNEL_STAGES.map((stage, index) => (
              <Line
                key={stage}
                type="linear"
                dataKey={stage}
                name={F.stages[stage]}
                stroke={PALETTE[index]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </DrawnInView>
      <div className="sr-only">
        <table>
          <caption>{F.byDay}</caption>
          <thead>
            <tr>
              <th scope="col">{F.day}</th>
              {FUNNEL_STAGES.map((stage) => (
                <th key={stage} scope="col">
                  {F.stages[stage]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {funnel.byDay.map((row) => (
              <tr key={row.day}>
                <th scope="row">{dayLabel(row.day)}</th>
                {FUNNEL_STAGES.map((stage) => (
                  <td key={stage}>{row[stage]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
