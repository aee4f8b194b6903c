import { BRIEF_PAGE_TEXT, BRIEF_TEXT, type BriefSend } from '@dispatch/shared';
import { table } from '../../../components/data-table';
import { LocalTime, MOMENT_WITH_ZONE } from '../../../components/local-time';
import { EmptyState } from '../../../components/states';

const C = BRIEF_TEXT.columns;
const counts = ['recipients', 'sent', 'failed', 'bounced', 'unsubscribed'] as const;

/** The subscribers' numbers at a glance. */
export function SubscriberCounts({
  subscribers,
}: {
  subscribers: { active: number; pending: number; suppressed: number };
}) {
  const labels = BRIEF_PAGE_TEXT.subscribers;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {(['active', 'pending', 'suppressed'] as const).map((key) => (
        <div key={key} className="rounded-lg border border-rule bg-surface p-4">
          <dt className="text-sm font-semibold text-ink-soft">{labels[key]}</dt>
          <dd className="mt-1 text-3xl font-bold text-ink">{subscribers[key].toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every send, newest first, and how its mail went. */
export function SendsTable({ sends }: { sends: BriefSend[] }) {
  if (sends.length === 0) return <EmptyState message={BRIEF_PAGE_TEXT.noSends} />;
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            <th scope="col" className={table.headCell}>
              {C.date}
            </th>
            <th scope="col" className={table.headCell}>
              {C.kind}
            </th>
            {counts.map((key) => (
              <th key={key} scope="col" className={table.headCell}>
                {C[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.body}>
          {sends.map((send) => (
            <tr key={send._id} className={table.row}>
              <td data-label={C.date} className={table.cell}>
                <LocalTime iso={send.createdAt} options={MOMENT_WITH_ZONE} />
              </td>
              <td data-label={C.kind} className={table.cell}>
                <span>
                  {BRIEF_PAGE_TEXT.kinds[send.kind]}
                  <span className="block text-ink-soft">{send.label}</span>
                </span>
              </td>
              {counts.map((key) => (
                <td key={key} data-label={C[key]} className={table.cell}>
                  {send[key].toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
