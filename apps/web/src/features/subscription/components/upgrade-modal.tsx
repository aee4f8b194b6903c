import { TIMINGS } from '@dispatch/shared';
import { lazy, Suspense, useEffect, useState } from 'react';

// Radix Dialog is not part of the home page's first load: it is fetched while the reader reads.
const loadUpgradeDialog = () => import('./upgrade-dialog');
const UpgradeDialog = lazy(async () => ({ default: (await loadUpgradeDialog()).UpgradeDialog }));

/** docs/product.md#screens: after 10 s on the home page, invite anyone without unexpired premium to subscribe. */
export function UpgradeModal({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    loadUpgradeDialog().catch(() => undefined);
    const timer = setTimeout(() => setOpen(true), TIMINGS.upgradeModalDelayMs);
    return () => clearTimeout(timer);
  }, [enabled]);

  if (!open || !enabled) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
