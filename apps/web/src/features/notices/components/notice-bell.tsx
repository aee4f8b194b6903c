import { noticeHeadline, noticePath, NOTICES_TEXT, TEXT, type Notice } from '@dispatch/shared';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons';
import { useDisclosure } from '../../../hooks/use-disclosure';
import { formatDate } from '../../../lib/format-date';
import { useNotices, useUnreadCount } from '../../../api/notices';
import { useMarkNoticesRead } from '../api/notices';

const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

function NoticeItem({ notice }: { notice: Notice }) {
  const headline = noticeHeadline(notice.kind, notice.article?.title ?? notice.family?.owner ?? '');
  const to = notice.article
    ? noticePath(notice.kind, notice.article._id)
    : notice.family && noticePath(notice.kind, '');
  const body = (
    <>
      <span className="flex items-start gap-2">
        {!notice.read && (
          <span className="mt-0.5 shrink-0 rounded-sm bg-ink px-1.5 text-[0.6875rem] font-bold tracking-wide text-white uppercase">
            {NOTICES_TEXT.isNew}
          </span>
        )}
        <span className={notice.read ? 'text-ink-soft' : 'font-semibold text-ink'}>{headline}</span>
      </span>
      {notice.note && (
        <span className="mt-1 line-clamp-2 block text-sm text-ink-soft">
          {NOTICES_TEXT.note}: {notice.note}
        </span>
      )}
      <span className="mt-1 block text-xs text-ink-soft">{formatDate(notice.createdAt)}</span>
    </>
  );
  return (
    <li className="border-b border-rule last:border-b-0">
      {to ? (
        <Link to={to} className="block px-4 py-3 hover:bg-surface-muted">
          {body}
        </Link>
      ) : (
        <div className="px-4 py-3">{body}</div>
      )}
    </li>
  );
}

/**
 * The navbar's bell: how many notices are unread, and the newest ones on demand. Opening it marks what it
 * shows read; the notices that were new stay marked "New" until it closes.
 */
export function NoticeBell({ isEditor }: { isEditor: boolean }) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useDisclosure(rootRef, buttonRef);
  const unread = useUnreadCount();
  const notices = useNotices(open);
  const markRead = useMarkNoticesRead();
  const count = unread.data?.unread ?? 0;
  const newest = notices.data?.notices[0];
  const { mutate: markReadUpTo } = markRead;

  useEffect(() => {
    if (open && newest && !newest.read) markReadUpTo(newest._id);
  }, [open, newest, markReadUpTo]);

  // The name says what the badge shows ("9+"), so a voice command naming what is seen finds it (WCAG 2.5.3).
  const label = count > 0 ? `${NOTICES_TEXT.bell}, ${NOTICES_TEXT.unread(badgeText(count))}` : NOTICES_TEXT.bell;
  return (
    <div ref={rootRef} className="md:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-10 items-center justify-center rounded-full border border-rule text-ink hover:bg-surface-muted"
      >
        <BellIcon className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-bold text-paper"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 mx-auto max-h-[70vh] overflow-y-auto border border-rule bg-surface shadow-lg md:inset-x-auto md:right-0 md:mt-2 md:w-96 md:rounded-lg"
      >
        <h2 className="border-b border-rule px-4 py-3 text-sm font-bold tracking-[0.08em] text-ink uppercase">
          {NOTICES_TEXT.bell}
        </h2>
        {open && notices.isPending && <p className="px-4 py-6 text-sm text-ink-soft">{TEXT.states.loading}</p>}
        {notices.isError && (
          <p role="alert" className="px-4 py-6 text-sm text-ink-soft">
            {NOTICES_TEXT.loadFailed}
          </p>
        )}
        {notices.data && notices.data.notices.length === 0 && (
          <p className="px-4 py-6 text-sm text-ink-soft">{isEditor ? NOTICES_TEXT.emptyEditor : NOTICES_TEXT.empty}</p>
        )}
        {notices.data && notices.data.notices.length > 0 && (
          <ul>
            {notices.data.notices.map((notice) => (
              <NoticeItem key={notice._id} notice={notice} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
