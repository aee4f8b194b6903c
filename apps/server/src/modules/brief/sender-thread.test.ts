import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startBriefSenderThread } from './sender-thread.js';

/** A thread that ends at once, as one would after running out of its heap. */
const ENDS_AT_ONCE = new URL('data:text/javascript,process.exit(3)');

function capturedLog() {
  const lines: { msg: string; code?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string; code?: number });
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe("the brief's sending thread", () => {
  it('is started again when it ends, and not after it was stopped', async () => {
    const { log, lines } = capturedLog();
    const thread = startBriefSenderThread({ entry: ENDS_AT_ONCE, restartAfterMs: 20 }, log);
    const ended = () => lines.filter((line) => line.msg === 'brief: the sending thread ended; starting another');
    await expect.poll(() => ended().length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    expect(ended()[0]!.code).toBe(3);

    await thread.stop();
    const afterStop = ended().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended()).toHaveLength(afterStop);
  });
});
