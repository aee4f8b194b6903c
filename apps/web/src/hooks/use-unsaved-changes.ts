import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Holds navigation away from a form with unsaved edits (docs/conventions.md#web-conventions) until the person confirms, and
 * asks the browser to confirm closing or reloading the tab. Show the blocker with UnsavedChangesDialog.
 */
export function useUnsavedChanges(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}
