import { TIMINGS } from '@dispatch/shared';
import { useId } from 'react';
import { useCountUp } from 'react-countup';
import { numberFormat } from './stat-figure-frame';

/** A figure that counts up from zero when it scrolls into view; screen readers get the number itself. */
export function CountingNumber({ value }: { value: number }) {
  const figureId = useId();
  useCountUp({
    ref: figureId,
    start: 0,
    end: value,
    duration: TIMINGS.statsCountUpSeconds,
    separator: ',',
    enableScrollSpy: true,
    scrollSpyOnce: true,
  });
  return (
    <>
      <span id={figureId} aria-hidden="true">
        0
      </span>
      <span className="sr-only">{numberFormat.format(value)}</span>
    </>
  );
}
