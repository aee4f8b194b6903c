import { describe, expect, it } from 'vitest';
import { createAvailability, DatabaseUnreachableError, isUnreachable } from './availability.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
  code: '57014',
  severity: 'ERROR',
});

function availabilityWith(probe: () => Promise<void>) {
  const lines: string[] = [];
  const availability = createAvailability({
    probe,
    probeIntervalMs: 10,
    log: { warn: (line) => lines.push(`warn ${line}`), info: (line) => lines.push(`info ${line}`) },
  });
  return { availability, lines };
}

describe('whether the database answers', () => {
  it('tells an unreachable database from a statement the server refused or cancelled', () => {
    expect(isUnreachable(refused)).toBe(true);
    expect(isUnreachable(new Error('Query read timeout'))).toBe(true);
    expect(isUnreachable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
    expect(isUnreachable(cancelled)).toBe(false);
    expect(isUnreachable(new Error('duplicate key value violates unique constraint "users_email_key"'))).toBe(false);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(false);
  });

  it('refuses at once after an unreachable failure, says so once, and lets calls through once a probe succeeds', async () => {
    let answers = false;
    let probes = 0;
    const { availability, lines } = availabilityWith(async () => {
      probes += 1;
      if (!answers) throw refused;
    });
    availability.failed(cancelled);
    expect(availability.refusal()).toBeUndefined();

    availability.failed(new Error('Query read timeout'));
    availability.failed(refused);
    expect(availability.refusal()).toBeInstanceOf(DatabaseUnreachableError);
    await expect.poll(() => probes).toBeGreaterThanOrEqual(3);
    expect(availability.refusal()).toBeInstanceOf(DatabaseUnreachableError);

    answers = true;
    await expect.poll(() => availability.refusal()).toBeUndefined();
    expect(lines).toEqual([
      'warn database: unreachable (Query read timeout); answering 503 at once until it answers again',
      expect.stringMatching(/^info database: answering again after \d+ s$/),
    ]);
    availability.stop();
  });

  it('forgives a new connection that timed out while other connections answered, not one while none did', () => {
    const connectTimeout = new Error('Connection terminated due to connection timeout');
    const { availability } = availabilityWith(async () => {});
    const waitingFrom = availability.waiting();
    availability.answered();
    availability.failed(connectTimeout, waitingFrom);
    expect(availability.refusal()).toBeUndefined();

    availability.failed(connectTimeout, availability.waiting());
    expect(availability.refusal()).toBeInstanceOf(DatabaseUnreachableError);
    availability.stop();
  });

  it('stops probing when stopped', async () => {
    let probes = 0;
    const { availability } = availabilityWith(async () => {
      probes += 1;
      throw refused;
    });
    availability.failed(refused);
    await expect.poll(() => probes).toBeGreaterThanOrEqual(1);
    availability.stop();
    const after = probes;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probes).toBeLessThanOrEqual(after + 1);
  });
});
