import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * An open/closed panel (the phone menu, the bell's list) that closes when a link is followed, on Escape
 * (focus back on its button) and on a press outside `root`.
 */
export function useDisclosure(root: RefObject<HTMLElement | null>, button: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);

  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root, button]);

  return [open, setOpen] as const;
}
