import { RENEWAL_DECIDED_WITHIN_DAYS } from '@dispatch/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema.js';

/**
 * "Premium now" in SQL, for any query over readers: the row `user` (an alias of users, e.g. sql`u`, or
 * sql`${users}`) reads every premium article at `now`. The rule the viewer's `hasPremiumAccess` applies, for
 * readers rather than admins (`now` may be a column: premium at that moment): their own access or their family owner's full access, whichever ends later, opening
 * every article, or a renewal not decided yet holding either (`renewalHeldUntil`). A limited pass is not premium
 * here: it opens articles one at a time.
 */
export function premiumNowSql(user: SQL, now: Date | SQL, graceDays: number): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  const heldDays = Math.max(graceDays, RENEWAL_DECIDED_WITHIN_DAYS);
  return sql`exists (
    select 1 from users pn_u
      left join family_members pn_m on pn_m.user_id = pn_u.id
      left join families pn_f on pn_f.id = pn_m.family_id
      left join users pn_o on pn_o.id = pn_f.owner_id and pn_o.premium_articles is null
    where pn_u.id = ${user}.id
      and (case when pn_o.premium_until > pn_u.premium_until or (pn_o.premium_until is not null and pn_u.premium_until is null)
             then true else pn_u.premium_articles is null end)
      and (greatest(pn_u.premium_until, pn_o.premium_until) > ${at}
        or exists (select 1 from subscriptions pn_s
          where pn_s.user_id in (pn_u.id, pn_o.id) and pn_s.status in ('active', 'trialing')
            and not pn_s.cancel_at_period_end and pn_s.period_end + ${heldDays} * interval '1 day' > ${at})))`;
}

/** `value` of an owner's latest succeeded pass for several accounts, as it was bought: a subquery. */
export const latestFamilyPass = (ownerId: AnyColumn, value: SQL) => sql`select ${value} from ${paymentIntents}
  where ${paymentIntents.userId} = ${ownerId} and ${paymentIntents.status} = 'succeeded'
    and coalesce((${paymentIntents.planSnapshot}->>'familySeats')::int, 1) > 1
  order by ${paymentIntents.succeededAt} desc limit 1`;
