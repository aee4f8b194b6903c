import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** One entry of a row's menu: what it says and does; a disabled one is passed over by the arrows. */
export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

interface RowMenuProps {
  /** The button's accessible name ("More actions"); its face is the three dots. */
  label: string;
  items: readonly RowMenuItem[];
  /** The id of the element naming the row (the article's title), for the button's description. */
  describedBy?: string;
}

const GAP = 4;

/**
 * A row's menu button (the WAI-ARIA menu button pattern): Enter, Space or ↓ opens it on its first item, ↑ on its
 * last; ↑ ↓ Home End move, Enter or Space chooses, Escape or Tab closes; focus goes back to the button, so a
 * dialog an item opens returns there too. A press outside closes it. The list is fixed to the viewport under the
 * button (above it when the page has no room below, and never past the page's edges), so a table's rounded frame
 * never clips it.
 */
export function RowMenu({ label, items, describedBy }: RowMenuProps) {
  const menuId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Which item takes focus as the menu opens: the first or the last.
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onResize = () => setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  if (items.length === 0) return null;
  return (
    <span ref={rootRef} className="inline-flex">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-describedby={describedBy}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => (value ? false : 'first'))}
        onKeyDown={onButtonKey}
        className="btn btn-outline px-2 py-1"
      >
        <DotsIcon />
      </button>
      {open && (
        <MenuList
          id={menuId}
          label={label}
          items={items}
          anchor={buttonRef}
          start={open}
          onClose={close}
          onChoose={(item) => {
            close(true);
            item.onSelect();
          }}
        />
      )}
    </span>
  );
}

interface MenuListProps {
  id: string;
  label: string;
  items: readonly RowMenuItem[];
  anchor: RefObject<HTMLButtonElement | null>;
  start: 'first' | 'last';
  onClose: (refocus: boolean) => void;
  onChoose: (item: RowMenuItem) => void;
}

/** Mounted only while open (in a browser), so its layout effect never runs on the server. */
function MenuList({ id, label, items, anchor, start, onClose, onChoose }: MenuListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const button = anchor.current;
    const list = listRef.current;
    if (!button || !list) return;
    const locate = () => {
      const box = button.getBoundingClientRect();
      const height = list.offsetHeight;
      const below = box.bottom + GAP + height <= window.innerHeight || box.top - GAP - height < 0;
      // Its right edge under the button's, unless that leaves the page: then as far left as it needs.
      const width = list.offsetWidth;
      const room = document.documentElement.clientWidth - GAP;
      const left = box.right - width >= GAP ? box.right - width : Math.min(box.left, room - width);
      setPlace({ top: below ? box.bottom + GAP : box.top - GAP - height, left: Math.max(GAP, left) });
    };
    locate();
    // The page scrolls under a fixed list: it follows its button.
    window.addEventListener('scroll', locate, true);
    return () => window.removeEventListener('scroll', locate, true);
  }, [anchor]);

  const enabled = () =>
    [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
      (item) => item.getAttribute('aria-disabled') !== 'true',
    );

  // Once placed: a browser does not focus an element while it is hidden.
  const placed = place !== null;
  useEffect(() => {
    if (!placed) return;
    const choices = enabled();
    (start === 'first' ? choices[0] : choices.at(-1))?.focus();
  }, [placed, start]);

  const onKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const choices = enabled();
    const at = choices.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => choices[(index + choices.length) % choices.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(-1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        // Tab goes on from the button, to the row's next control.
        onClose(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <ul
      ref={listRef}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onKey}
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden', top: 0, left: 0 }}
      className="fixed z-40 min-w-48 rounded-md border border-rule bg-surface py-1 text-sm shadow-lg"
    >
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            aria-disabled={item.disabled || undefined}
            tabIndex={-1}
            onClick={() => {
              if (!item.disabled) onChoose(item);
            }}
            className="flex w-full items-center px-3 py-2 text-left text-ink hover:bg-surface-muted focus:bg-surface-muted focus-visible:[outline-offset:-3px] aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function DotsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
