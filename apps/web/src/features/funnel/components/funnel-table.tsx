import { formatPrice, FUNNEL_STAGES, PLAN_TEXT, REVENUE_TEXT, type Funnel } from '@dispatch/shared';
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

/** Paid purchases in the period per plan, most bought first, with what they brought in. */
export function PlanPurchasesTable({ plans }: { plans: Funnel['plans'] }) {
  if (plans.length === 0) return <p className="text-ink-soft">{PLAN_TEXT.noPurchases}</p>;
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            <th scope="col" className={table.headCell}>
              {PLAN_TEXT.columns.name}
            </th>
            <th scope="col" className={`${table.headCell} md:text-right`}>
              {PLAN_TEXT.columns.purchases}
            </th>
            <th scope="col" className={`${table.headCell} md:text-right`}>
              {PLAN_TEXT.revenue}
            </th>
          </tr>
        </thead>
        <tbody className={table.body}>
          {plans.map((plan) => (
            <tr key={`${plan.planId}-${plan.currency}`} className={table.row}>
              <th
                scope="row"
                className={`${table.cell} font-medium break-words text-ink`}
                data-label={PLAN_TEXT.columns.name}
              >
                {plan.name}
              </th>
              <td
                data-label={PLAN_TEXT.columns.purchases}
                className={`${table.cell} text-ink tabular-nums md:text-right`}
              >
                {count(plan.purchases)}
              </td>
              <td data-label={PLAN_TEXT.revenue} className={`${table.cell} text-ink tabular-nums md:text-right`}>
                {formatPrice(plan.revenue, plan.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
