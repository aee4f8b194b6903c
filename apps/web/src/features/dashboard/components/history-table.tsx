import { DESK_TEXT, TAG_TEXT, TEXT, type HistoryAction, type HistoryEntry, TIMELINE_TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { table } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/format-date';
import { EmailText } from './email-text';

const D = TEXT.dashboard;

/** How an action reads in History: an article's as in its timeline, a change to the site settings or the tags its own way. */
export function historyActionLabel(action: HistoryAction): string {
  if (action === 'settings-update') return DESK_TEXT.settingsUpdate;
  if (action === 'tag-create' || action === 'tag-update' || action === 'tag-merge') return TAG_TEXT.history[action];
  return TIMELINE_TEXT.actions[action];
}

/** The History view's rows: when, who, what, which article (with a link to filter by it) and the note. */
export function HistoryTable({
  entries,
  articleLink,
}: {
  entries: HistoryEntry[];
  /** The History link that shows only this article's entries. */
  articleLink: (articleId: string) => string;
}) {
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            {[D.historyWhen, D.historyBy, D.historyAction, D.historyArticle, D.historyNote].map((label) => (
              <th key={label} scope="col" className={table.headCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.body}>
          {entries.map((entry) => (
            <tr key={entry._id} className={table.row}>
              <td data-label={D.historyWhen} className={`${table.cell} whitespace-nowrap text-ink-soft`}>
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              </td>
              <td data-label={D.historyBy} className={table.cell}>
                {entry.actor ? (
                  <span className="min-w-0">
                    <span className="block font-medium break-words text-ink">{entry.actor.name}</span>
                    <span className="block text-xs break-words text-ink-soft">
                      <EmailText email={entry.actor.email} />
                    </span>
                  </span>
                ) : (
                  <span className="text-ink-soft">{D.someone}</span>
                )}
              </td>
              <td data-label={D.historyAction} className={`${table.cell} font-semibold text-ink`}>
                {historyActionLabel(entry.action)}
              </td>
              <td data-label={D.historyArticle} className={`${table.cell} md:max-w-64`}>
                {entry.article === null ? (
                  <span className="text-ink-soft">
                    {entry.action === 'settings-update' ? DESK_TEXT.siteSettingsEntry : TAG_TEXT.historyEntry}
                  </span>
                ) : (
                  <span className="min-w-0">
                    {entry.article.title === null ? (
                      <span className="block text-ink-soft italic">{D.deletedArticle}</span>
                    ) : (
                      <Link
                        to={paths.articleDetails(entry.article._id)}
                        className="block font-medium break-words text-ink underline-offset-2 hover:underline"
                      >
                        {entry.article.title}
                      </Link>
                    )}
                    <Link
                      to={articleLink(entry.article._id)}
                      className="mt-1 block text-xs font-semibold text-ink-soft underline underline-offset-2 hover:no-underline"
                    >
                      {D.onlyThisArticle}
                    </Link>
                  </span>
                )}
              </td>
              <td data-label={D.historyNote} className={`${table.cell} md:max-w-72`}>
                <span className="min-w-0 flex-1 break-words whitespace-pre-line text-ink">{entry.note ?? ''}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
