import { FUNNEL_STAGES, REVENUE_TEXT, type Funnel } from '@dispatch/shared';
import { Link } from 'react-router';
import { table } from '../../../components/data-table';
import { paths } from '../../../lib/paths';

const F = REVENUE_TEXT.funnel;
const count = (value: number) => value.toLocaleString('en-US');

/** The site's row, then the articles with the most wall hits: readers at each stage. */
export function FunnelTable({ funnel }: { funnel: Funnel }) {
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            <th scope="col" className={table.headCell}>
              {F.article}
            </th>
            {FUNNEL_STAGES.map((stage) => (
              <th key={stage} scope="col" className={`${table.headCell} md:text-right`}>
                {F.stages[stage]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.body}>
          <tr className={`${table.row} md:bg-surface-muted`}>
            <th scope="row" className={`${table.cell} font-bold text-ink`} data-label={F.article}>
              {F.site}
            </th>
            {FUNNEL_STAGES.map((stage) => (
              <td
                key={stage}
                data-label={F.stages[stage]}
                className={`${table.cell} font-bold text-ink tabular-nums md:text-right`}
              >
                {count(funnel.site[stage])}
              </td>
            ))}
          </tr>
          {funnel.articles.map((article) => (
            <tr key={article._id} className={table.row}>
              <th scope="row" className={`${table.cell} font-medium md:max-w-80`} data-label={F.article}>
                <Link
                  to={paths.articleDetails(article._id)}
                  className="min-w-0 break-words text-ink underline-offset-2 hover:underline"
                >
                  {article.title}
                </Link>
              </th>
              {FUNNEL_STAGES.map((stage) => (
                <td
                  key={stage}
                  data-label={F.stages[stage]}
                  className={`${table.cell} text-ink tabular-nums md:text-right`}
                >
                  {count(article[stage])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
