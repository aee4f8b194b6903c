import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawnInView } from './drawn-in-view';

/** jsdom lays nothing out: this stands in for the browser's observer, and says which places came into view. */
class ViewObserver {
  static watching: ViewObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ViewObserver.watching.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    ViewObserver.watching = ViewObserver.watching.filter((observer) => observer !== this);
  }
  static show(ids: string[]) {
    for (const observer of [...ViewObserver.watching]) {
      const entries = observer.elements
        .filter((element) => ids.includes(element.className))
        .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

/** A chart's place, named by its class. */
function Chart({ id }: { id: string }) {
  return (
    <DrawnInView className={id}>
      <p>drawn {id}</p>
    </DrawnInView>
  );
}

const drawnCharts = () => screen.queryAllByText(/^drawn /).map((element) => element.textContent);
/** Runs the next task the page has queued, and that one only. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

describe('DrawnInView', () => {
  const original = window.IntersectionObserver;
  beforeEach(() => {
    window.IntersectionObserver = ViewObserver as unknown as typeof IntersectionObserver;
    vi.useFakeTimers();
  });
  afterEach(() => {
    window.IntersectionObserver = original;
    ViewObserver.watching = [];
    vi.useRealTimers();
  });

  it('draws nothing out of view, then what comes into view, one chart a task', () => {
    render(
      <>
        <Chart id="pie" />
        <Chart id="bars" />
        <Chart id="area" />
      </>,
    );
    nextTask();
    expect(drawnCharts()).toEqual([]);

    act(() => ViewObserver.show(['pie', 'bars']));
    expect(drawnCharts()).toEqual([]);
    nextTask();
    expect(drawnCharts()).toEqual(['drawn pie']);
    nextTask();
    expect(drawnCharts()).toEqual(['drawn pie', 'drawn bars']);
    nextTask();
    expect(drawnCharts()).toEqual(['drawn pie', 'drawn bars']);

    act(() => ViewObserver.show(['area']));
    nextTask();
    expect(drawnCharts()).toEqual(['drawn pie', 'drawn bars', 'drawn area']);
    // A drawn chart stops watching.
    expect(ViewObserver.watching).toEqual([]);
  });

  it('a chart gone before its turn is not drawn, and does not hold up the next', () => {
    const { rerender } = render([<Chart key="pie" id="pie" />, <Chart key="bars" id="bars" />]);
    act(() => ViewObserver.show(['pie', 'bars']));
    rerender([<Chart key="bars" id="bars" />]);
    nextTask();
    expect(drawnCharts()).toEqual(['drawn bars']);
  });
});
