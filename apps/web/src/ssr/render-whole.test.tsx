import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWhole } from './render-whole';

describe('renderWhole: a page with every lazy part in place, however it was rendered', () => {
  it('waits for a lazy part the first time, then gives the same HTML without waiting', async () => {
    let loads = 0;
    const Bell = lazy(async () => {
      loads += 1;
      return { default: () => <span>3 unread</span> };
    });
    const page = (
      <header>
        <Suspense fallback={<span>no bell yet</span>}>
          <Bell />
        </Suspense>
      </header>
    );

    const first = await renderWhole(page, undefined);
    const second = await renderWhole(page, undefined);

    expect(first).toContain('3 unread');
    expect(first).not.toContain('no bell yet');
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('renders a page with nothing lazy in it at once', async () => {
    expect(await renderWhole(<p>Breaking news</p>, undefined)).toBe('<p>Breaking news</p>');
  });
});
