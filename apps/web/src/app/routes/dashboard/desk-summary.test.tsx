import { ChartsSchema, DESK_TEXT, TEXT, type DeskSummary } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';

const charts = ChartsSchema.parse({
  byPublisher: [{ name: 'Harbor Herald', count: 4 }],
  byTag: [{ tag: 'Politics', count: 3 }],
  byMonth: [{ month: '2025-03', count: 5 }],
});
const summary = (overrides: Partial<DeskSummary> = {}): DeskSummary => ({
  pending: 4,
  oldestPendingSince: '2026-06-10T12:20:00.000Z',
  publishedToday: 2,
  dayStart: '2026-06-10T00:00:00.000Z',
  viewsLast24Hours: 12840,
  viewsSince: '2026-06-09T16:00:00.000Z',
  asOf: '2026-06-10T15:20:00.000Z',
  ...overrides,
});

/** The panel's figure and its line under it, by the figure's label. */
function tile(label: string) {
  const term = within(screen.getByRole('region', { name: DESK_TEXT.summaryHeading })).getByText(label);
  return term.parentElement as HTMLElement;
}

describe("/dashboard: the editor's panel under the charts", () => {
  it('shows the charts first, then the pending count with the oldest wait, today’s published and the last 24 hours’ views', async () => {
    const { api } = openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.deskSummary]: summary(),
    });

    const panel = await screen.findByRole('region', { name: DESK_TEXT.summaryHeading });
    await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'false'));
    expect(tile(DESK_TEXT.summaryPending)).toHaveTextContent('4');
    expect(tile(DESK_TEXT.summaryPending)).toHaveTextContent(DESK_TEXT.summaryOldestWaiting('3 h'));
    expect(within(tile(DESK_TEXT.summaryPending)).getByRole('link', { name: DESK_TEXT.summaryReview })).toHaveAttribute(
      'href',
      '/dashboard/all-articles?status=pending',
    );
    expect(tile(DESK_TEXT.summaryPublished)).toHaveTextContent(`2${DESK_TEXT.summaryPublishedHint}`);
    expect(tile(DESK_TEXT.summaryViews)).toHaveTextContent(`12,840${DESK_TEXT.summaryViewsHint}`);

    // SPEC's three charts come first.
    const pie = await screen.findByRole('list', { name: TEXT.dashboard.byPublisher });
    expect(pie.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // "Today" is the editor's: it starts at their midnight.
    const dayStart = new Date(api.requests(apiPaths.deskSummary)[0]!.searchParams.get('dayStart')!);
    expect([dayStart.getHours(), dayStart.getMinutes(), dayStart.getSeconds()]).toEqual([0, 0, 0]);
    expect(Date.now() - dayStart.getTime()).toBeLessThan(24 * 60 * 60 * 1000);
  });

  it('says nothing waits, and marks a wait past a day', async () => {
    openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.deskSummary]: summary({ pending: 0, oldestPendingSince: null }),
    });
    await waitFor(() => expect(tile(DESK_TEXT.summaryPending)).toHaveTextContent(DESK_TEXT.summaryNothingWaiting));
    expect(tile(DESK_TEXT.summaryPending)).toHaveTextContent('0');

    const late = openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.deskSummary]: summary({ oldestPendingSince: '2026-06-07T09:00:00.000Z' }),
    });
    const wait = await screen.findByText(DESK_TEXT.summaryOldestWaiting('3 days'));
    expect(wait).toHaveClass('text-danger');
    late.unmount();
  });

  it('holds the figures’ places while they load', async () => {
    let answer: (value: DeskSummary) => void = () => undefined;
    openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.deskSummary]: () => new Promise<DeskSummary>((resolve) => (answer = resolve)),
    });
    const panel = await screen.findByRole('region', { name: DESK_TEXT.summaryHeading });
    expect(panel).toHaveAttribute('aria-busy', 'true');
    expect(within(panel).getAllByText(TEXT.states.loading)).toHaveLength(3);
    expect(within(panel).getByText(DESK_TEXT.summaryViews)).toBeInTheDocument();

    answer(summary({ pending: 7 }));
    await waitFor(() => expect(tile(DESK_TEXT.summaryPending)).toHaveTextContent('7'));
    expect(within(panel).queryByText(TEXT.states.loading)).toBeNull();
  });

  it('offers a retry when the figures fail, the charts still shown', async () => {
    openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: charts,
      [apiPaths.deskSummary]: () => errorResponse(403, 'Only an admin can do that.'),
    });
    const panel = await screen.findByRole('region', { name: DESK_TEXT.summaryHeading });
    expect(await within(panel).findByRole('button', { name: TEXT.states.retry })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: TEXT.dashboard.byPublisher })).toBeInTheDocument();
  });
});
