import {
  ABUSE_LIMITS,
  ERROR_CODES,
  FAMILY_MESSAGES,
  type ErrorResponse,
  type FamilyInvitation,
  type PaymentIntent,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const PER_ADDRESS = ABUSE_LIMITS.familyInvitationsPerAddressPerHour.max;
const PER_OWNER = 5;

/*
 * An owner who invites an outside address and revokes it, again and again, must not turn the site's sender into
 * a flood of invitations (issue 43): invitation mails are counted per invited address, whoever invites, and per
 * owner, each a LIMIT_ setting.
 */
describe('family invitations: mails limited per address and per owner', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: 'https://news.example',
        LIMIT_FAMILY_INVITATIONS_PER_OWNER_PER_DAY: String(PER_OWNER),
      },
    });
  });
  afterAll(() => ctx.close());

  const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  async function owner() {
    const person = await signedInUser(ctx.app, ctx.database.db);
    const intent = await call('POST', '/api/create-payment-intent', person.token, { planId: 'family' });
    const { clientSecret } = intent.json<PaymentIntent>();
    const paid = await call('POST', '/api/payments/confirm', person.token, { clientSecret, card: GOOD_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    return person;
  }
  const invite = (token: string, email: string) => call('POST', '/api/family/invitations', token, { email });
  /** Invites and revokes at once: the flood's loop, which never fills the family's open invitations. */
  async function inviteAndRevoke(token: string, email: string) {
    const invited = await invite(token, email);
    if (invited.statusCode === 201) {
      const { id } = invited.json<FamilyInvitation>();
      expect((await call('DELETE', `/api/family/invitations/${id}`, token)).statusCode).toBe(200);
    }
    return invited;
  }
  const mailsTo = async (email: string) =>
    (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
  const expectRefused = (response: Awaited<ReturnType<typeof invite>>, message: string) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json<ErrorResponse>()).toMatchObject({ code: ERROR_CODES.tooManyRequests, message });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it(`sends one address at most ${PER_ADDRESS} invitations an hour, from one owner or several`, async () => {
    const first = await owner();
    for (let n = 0; n < PER_ADDRESS; n += 1) {
      expect((await inviteAndRevoke(first.token, 'Victim@Example.com')).statusCode).toBe(201);
    }
    expectRefused(
      await inviteAndRevoke(first.token, 'victim@example.com'),
      FAMILY_MESSAGES.tooManyInvitationsToAddress,
    );
    // Another account of the same person does not start the count again.
    const second = await owner();
    expectRefused(
      await inviteAndRevoke(second.token, 'victim@example.com'),
      FAMILY_MESSAGES.tooManyInvitationsToAddress,
    );
    expect(await mailsTo('victim@example.com')).toBe(PER_ADDRESS);
    // Other addresses are not held up.
    expect((await inviteAndRevoke(first.token, 'cousin@example.com')).statusCode).toBe(201);
  });

  it('counts one mailbox however its address is written: case, spaces and a +tag share the count, dots do not', async () => {
    const inviter = await owner();
    const spellings = ['a+1@x.test', 'A+2@X.test', ' a@x.test ', 'a+3@x.test'];
    for (const address of spellings.slice(0, PER_ADDRESS)) {
      expect((await inviteAndRevoke(inviter.token, address)).statusCode).toBe(201);
    }
    expectRefused(
      await inviteAndRevoke(inviter.token, spellings[PER_ADDRESS]!),
      FAMILY_MESSAGES.tooManyInvitationsToAddress,
    );
    // A dot is another mailbox everywhere but Gmail.
    expect((await inviteAndRevoke(inviter.token, 'a.b+1@x.test')).statusCode).toBe(201);
  });

  it(`sends at most LIMIT_FAMILY_INVITATIONS_PER_OWNER_PER_DAY (${PER_OWNER} here) invitations a day for one owner`, async () => {
    const flooder = await owner();
    const addresses = Array.from({ length: PER_OWNER + 2 }, (_, n) => `spray${n}@example.com`);
    for (const address of addresses.slice(0, PER_OWNER)) {
      expect((await inviteAndRevoke(flooder.token, address)).statusCode).toBe(201);
    }
    for (const address of addresses.slice(PER_OWNER)) {
      expectRefused(await inviteAndRevoke(flooder.token, address), FAMILY_MESSAGES.tooManyInvitationsToday);
      expect(await mailsTo(address)).toBe(0);
    }
    // The refused addresses were not counted against: another owner invites them.
    const other = await owner();
    expect((await inviteAndRevoke(other.token, addresses.at(-1)!)).statusCode).toBe(201);
  });

  it('counts only an owner’s invitations: a reader without a family is told so, not limited', async () => {
    const stranger = await signedInUser(ctx.app, ctx.database.db);
    for (let n = 0; n <= PER_ADDRESS; n += 1) {
      expect((await invite(stranger.token, 'kin@example.com')).statusCode).toBe(403);
    }
    const real = await owner();
    expect((await invite(real.token, 'kin@example.com')).statusCode).toBe(201);
  });
});
