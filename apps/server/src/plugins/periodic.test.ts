import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startPeriodic } from './periodic.js';

const log = pino({ level: 'silent' });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a periodic job', () => {
  it('is told to stop mid-round: it finishes the item in hand, takes no other, and stop() waits for that item', async () => {
    const done: number[] = [];
    let inHand: number | undefined;
    const job = startPeriodic({
      everyMs: 60_000,
      log,
      failure: 'failed',
      async round(stopping) {
        for (let item = 0; item < 100 && !stopping.aborted; item += 1) {
          inHand = item;
          await wait(20);
          done.push(item);
        }
      },
    });
    await wait(70);
    const stopped = job.stop();
    const heldAt = inHand;
    await stopped;
    expect(heldAt).toBeGreaterThan(0);
    expect(done.at(-1)).toBe(heldAt);
    expect(done.length).toBeLessThan(10);
  });

  it('starts no round once stopped', async () => {
    let rounds = 0;
    const job = startPeriodic({
      everyMs: 10,
      firstAfterMs: 10,
      log,
      failure: 'failed',
      round: async () => void (rounds += 1),
    });
    await job.stop();
    await wait(50);
    expect(rounds).toBe(0);
  });
});
