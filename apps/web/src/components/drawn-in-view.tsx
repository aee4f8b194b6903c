import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** The drawings in view, waiting for their turn: one is drawn a task. */
const waiting: Array<() => void> = [];
let drawingScheduled = false;

function drawNext() {
  drawingScheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) scheduleDrawing();
}

function scheduleDrawing() {
  if (drawingScheduled) return;
  drawingScheduled = true;
  setTimeout(drawNext);
}

/**
 * A place of a fixed size (`className`) for a costly drawing, a chart: 30–60 ms of a laptop's main thread,
 * four times that on a phone. It is drawn once its place comes into view, in a task of its own, one drawing
 * after another, so that a page of charts never blocks a reader's input for the sum of them; a phone draws
 * only the charts the reader scrolls to. Hidden from assistive technology: the page gives the same numbers
 * as text. docs/decisions/034-charts-drawn-in-view.md.
 */
export function DrawnInView({ className, children }: { className: string; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || drawn) return;
    // Rendered within its own task: left to React's scheduler, a later drawing's task could render it too.
    const draw = () => flushSync(() => setDrawn(true));
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      waiting.push(draw);
      scheduleDrawing();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      const index = waiting.indexOf(draw);
      if (index !== -1) waiting.splice(index, 1);
    };
  }, [drawn]);
  return (
    <div ref={place} aria-hidden="true" className={className}>
      {drawn ? children : null}
    </div>
  );
}
