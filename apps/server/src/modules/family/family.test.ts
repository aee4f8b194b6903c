import {
  FAMILY_BENEFITS,
  FAMILY_MESSAGES,
  PLAN_MESSAGES,
  SEED_PLANS,
  type ArticleDetail,
  type ErrorResponse,
  type FamilyInvitation,
  type FamilyInvitationPreview,
  type FamilyView,
  type NoticeList,
  type PaymentIntent,
  type PremiumAccess,
  type RoleRecord,
} from '@dispatch/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyMembers, mailOutbox, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const DAY = 86_400_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const SECRET = 'FAMILY-ONLY-PARAGRAPH';
const FAMILY_PLAN = SEED_PLANS.find((plan) => plan.id === 'family')!;

describe('families: the Family Plan’s seats', () => {
  let ctx: TestContext;
  let premiumArticle: string;

  beforeAll(async () => {
    // Mail on (never sent here: the outbox holds what would go).
    ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://news.example' } });
    const db = ctx.database.db;
    const publisher = await insertPublisher(db);
    const author = await insertUser(db);
    premiumArticle = (
      await insertArticle(
        db,
        { publisherId: publisher.id, authorId: author.id },
        { isPremium: true, description: `${'Opening words. '.repeat(10)}${SECRET}` },
      )
    ).id;
  });
  afterAll(() => ctx.close());

  const call = (options: InjectOptions, token?: string) =>
    ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
  /** A new session, for a clock moved past the old one's 7 days. */
  async function login(email: string) {
    const response = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  }
  /** A reader whose address is verified, as accepting an invitation needs on a site that sends mail. */
  const reader = (values: Parameters<typeof insertUser>[1] = {}) =>
    signedInUser(ctx.app, ctx.database.db, { emailVerifiedAt: new Date(), ...values });
  async function buy(token: string, planId = 'family') {
    const intent = await call({ method: 'POST', url: '/api/create-payment-intent', payload: { planId } }, token);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await call(
      {
        method: 'POST',
        url: '/api/payments/confirm',
        payload: { clientSecret: intent.json<PaymentIntent>().clientSecret, card: GOOD_CARD },
      },
      token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const family = async (token: string) => (await call({ method: 'GET', url: '/api/family' }, token)).json<FamilyView>();
  const invite = (token: string, email: string) =>
    call({ method: 'POST', url: '/api/family/invitations', payload: { email } }, token);
  async function invited(token: string, email: string) {
    const response = await invite(token, email);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FamilyInvitation>();
  }
  const tokenOf = (invitation: FamilyInvitation) => new URL(invitation.link).searchParams.get('token')!;
  const accept = (token: string, invitation: FamilyInvitation) =>
    call({ method: 'POST', url: '/api/family/invitations/accept', payload: { token: tokenOf(invitation) } }, token);
  const opensPremium = async (token: string) => {
    const detail = (await call({ method: 'GET', url: `/api/articles/${premiumArticle}` }, token)).json<ArticleDetail>();
    return detail.access && JSON.stringify(detail).includes(SECRET);
  };
  async function ownerWithFamily() {
    const owner = await reader();
    await buy(owner.token);
    return owner;
  }
  async function member(owner: { token: string }) {
    const person = await reader();
    const invitation = await invited(owner.token, person.user.email);
    const accepted = await accept(person.token, invitation);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return person;
  }

  it('gives the buyer of the Family Plan a family of 6 seats, and invites by e-mail with a 7-day link', async () => {
    // The seeded plan's "Up to 6 accounts" line is these 6 seats.
    expect(FAMILY_PLAN.features).toContain(FAMILY_BENEFITS.accounts(FAMILY_PLAN.familySeats));
    const owner = await ownerWithFamily();
    const view = await family(owner.token);
    expect(view).toMatchObject({ role: 'owner', seats: 6, active: true, members: [], invitations: [] });

    const invitation = await invited(owner.token, 'Cousin@Example.com');
    expect(invitation.email).toBe('cousin@example.com');
    expect(new Date(invitation.expiresAt).getTime() - ctx.clock.now.getTime()).toBe(7 * DAY);
    expect(invitation.link).toMatch(/^https:\/\/news\.example\/family\/join\?token=/);
    expect(invitation).toMatchObject({ mailed: true });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'cousin@example.com'));
    expect(mail?.subject).toContain(owner.user.name);
    expect(mail?.textBody).toContain(invitation.link);
    expect((await family(owner.token)).role === 'owner' && (await family(owner.token))).toMatchObject({
      invitations: [{ email: 'cousin@example.com' }],
    });

    expect((await invite(owner.token, 'cousin@example.com')).json<ErrorResponse>().message).toBe(
      FAMILY_MESSAGES.alreadyInvited,
    );
    expect((await invite(owner.token, owner.user.email)).statusCode).toBe(400);
    expect((await invite(owner.token, 'not an address')).statusCode).toBe(400);
  });

  it('lets only an owner invite: not a reader without a family, not a member', async () => {
    const stranger = await reader();
    const refused = await invite(stranger.token, 'someone@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.notOwner);
    // An Individual pass is one seat: no family.
    await buy(stranger.token, 'individual');
    expect((await invite(stranger.token, 'someone@example.com')).statusCode).toBe(403);
    expect(await family(stranger.token)).toEqual({ role: 'none' });

    const owner = await ownerWithFamily();
    const person = await member(owner);
    const byMember = await invite(person.token, 'someone@example.com');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.memberCannotInvite);
    expect((await call({ method: 'GET', url: '/api/family' })).statusCode).toBe(401);
  });

  it('opens premium to a member exactly while the owner’s access lasts', async () => {
    const owner = await ownerWithFamily();
    const person = await reader();
    expect(await opensPremium(person.token)).toBe(false);
    const invitation = await invited(owner.token, person.user.email);

    const preview = await call(
      { method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } },
      person.token,
    );
    expect(preview.json<FamilyInvitationPreview>()).toMatchObject({
      owner: { name: owner.user.name },
      ownPremiumUntil: null,
      joined: false,
    });
    expect((await accept(person.token, invitation)).json<FamilyView>()).toMatchObject({
      role: 'member',
      owner: { name: owner.user.name },
      planName: 'Family Plan',
      active: true,
    });
    // The link opened again (a reload): the reader is told they are in, not that the link was used.
    const again = await call(
      { method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } },
      person.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<FamilyInvitationPreview>()).toMatchObject({ owner: { name: owner.user.name }, joined: true });
    // Anyone else opening the spent link is told it was used.
    const stranger = await reader();
    const spent = await call(
      { method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } },
      stranger.token,
    );
    expect([spent.statusCode, spent.json<ErrorResponse>().message]).toEqual([409, FAMILY_MESSAGES.invitationClosed]);
    expect(await opensPremium(person.token)).toBe(true);

    const [ownerRow] = await ctx.database.db.select().from(users).where(eq(users.id, owner.user.id));
    const ownerUntil = ownerRow!.premiumUntil!.toISOString();
    const role = (await call({ method: 'GET', url: '/api/users/role' }, person.token)).json<RoleRecord>();
    expect(role.premiumTaken).toBe(ownerUntil);
    // The browser's user (the session, and a new login) carries the same access.
    const session = await call({ method: 'GET', url: '/api/auth/session' }, person.token);
    expect(session.json<{ user: { premiumTaken: string } }>().user.premiumTaken).toBe(ownerUntil);
    const loggedIn = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: PASSWORD },
    });
    expect(loggedIn.json<{ user: { premiumTaken: string } }>().user.premiumTaken).toBe(ownerUntil);
    const access = (await call({ method: 'GET', url: '/api/users/access' }, person.token)).json<PremiumAccess>();
    expect(access).toMatchObject({ source: 'family', active: true, plan: { name: 'Family Plan' } });
    expect(access.plan?.features).toEqual(FAMILY_PLAN.features);
    // /profile's premium status line reads the billing answer.
    const billing = await call({ method: 'GET', url: '/api/payments/history' }, person.token);
    expect(billing.json<{ premiumTaken: string }>().premiumTaken).toBe(ownerUntil);
    // The member's own row holds nothing: the seat is the owner's access, not a pass.
    const [memberRow] = await ctx.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(memberRow!.premiumUntil).toBeNull();

    // The owner's access ends: so does the member's.
    ctx.clock.advance(FAMILY_PLAN.value * 60_000 + 1000);
    try {
      const memberToken = await login(person.user.email);
      expect(await opensPremium(memberToken)).toBe(false);
      // The owner renews: the member reads again at once.
      await buy(await login(owner.user.email));
      expect(await opensPremium(memberToken)).toBe(true);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('ends a removed member’s access at once and tells them; a member may leave', async () => {
    const owner = await ownerWithFamily();
    const person = await member(owner);
    expect(await opensPremium(person.token)).toBe(true);

    const removed = await call({ method: 'DELETE', url: `/api/family/members/${person.user.id}` }, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await opensPremium(person.token)).toBe(false);
    expect(await family(person.token)).toEqual({ role: 'none' });
    const notices = (await call({ method: 'GET', url: '/api/notifications' }, person.token)).json<NoticeList>();
    expect(notices.notices[0]).toMatchObject({ kind: 'family-removed', family: { owner: owner.user.name } });
    expect(
      (await call({ method: 'DELETE', url: `/api/family/members/${person.user.id}` }, owner.token)).statusCode,
    ).toBe(404);

    const other = await member(owner);
    expect((await call({ method: 'POST', url: '/api/family/leave' }, other.token)).statusCode).toBe(200);
    expect(await opensPremium(other.token)).toBe(false);
    expect((await family(owner.token)).role === 'owner' && (await family(owner.token))).toMatchObject({ members: [] });
    expect((await call({ method: 'POST', url: '/api/family/leave' }, other.token)).statusCode).toBe(404);
  });

  it('uses each link once: a second accept, a revoked link, an expired one and a forged one are refused', async () => {
    const owner = await ownerWithFamily();
    const first = await reader();
    const second = await reader();
    const invitation = await invited(owner.token, first.user.email);
    expect((await accept(first.token, invitation)).statusCode).toBe(200);
    const again = await accept(second.token, invitation);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.invitationClosed);

    const revoked = await invited(owner.token, second.user.email);
    expect(
      (await call({ method: 'DELETE', url: `/api/family/invitations/${revoked.id}` }, owner.token)).statusCode,
    ).toBe(200);
    expect((await accept(second.token, revoked)).statusCode).toBe(409);

    const expiring = await invited(owner.token, second.user.email);
    ctx.clock.advance(7 * DAY + 1000);
    try {
      const late = await accept(await login(second.user.email), expiring);
      expect(late.statusCode).toBe(400);
      expect(late.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.invitationExpired);
    } finally {
      ctx.clock.set(new Date());
    }
    const forged = await call(
      { method: 'POST', url: '/api/family/invitations/accept', payload: { token: 'not-a-token' } },
      second.token,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.invitationInvalid);
    // The owner's own link, and a reader already in a family.
    const own = await invited(owner.token, 'friend@example.com');
    expect((await accept(owner.token, own)).statusCode).toBe(400);
    const elsewhere = await member(await ownerWithFamily());
    const toElsewhere = await invited(owner.token, elsewhere.user.email);
    expect((await accept(elsewhere.token, toElsewhere)).json<ErrorResponse>().message).toBe(
      FAMILY_MESSAGES.alreadyInAFamily,
    );
    expect((await call({ method: 'DELETE', url: '/api/family/invitations/nope' }, owner.token)).statusCode).toBe(404);
  });

  it('lets only the invited address accept, in any case: another account holding the link is refused', async () => {
    const owner = await ownerWithFamily();
    const invitee = await reader({ email: 'kin.bound@example.com' });
    const stranger = await reader();
    const invitation = await invited(owner.token, 'Kin.Bound@Example.COM');
    const preview = (token: string) =>
      call({ method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } }, token);

    const otherMessage = FAMILY_MESSAGES.invitationForAnotherAddress('kin.bound@example.com');
    for (const refused of [await preview(stranger.token), await accept(stranger.token, invitation)]) {
      expect([refused.statusCode, refused.json<ErrorResponse>().message]).toEqual([403, otherMessage]);
    }
    expect(await family(stranger.token)).toEqual({ role: 'none' });
    expect(await opensPremium(stranger.token)).toBe(false);

    // The link is still open for the address it was sent to.
    expect((await preview(invitee.token)).statusCode).toBe(200);
    expect((await accept(invitee.token, invitation)).json<FamilyView>()).toMatchObject({ role: 'member' });
  });

  it('lets an account accept only once it has verified the invited address: a leaked link is no seat for a new account', async () => {
    const owner = await ownerWithFamily();
    const invitation = await invited(owner.token, 'fresh.kin@example.com');
    // Whoever holds the link registers the invited address, which nobody has verified.
    const newcomer = await reader({ email: 'fresh.kin@example.com', emailVerifiedAt: null });
    const preview = () =>
      call(
        { method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } },
        newcomer.token,
      );
    for (const refused of [await preview(), await accept(newcomer.token, invitation)]) {
      expect([refused.statusCode, refused.json<ErrorResponse>().message]).toEqual([
        403,
        FAMILY_MESSAGES.invitationNeedsVerifiedAddress,
      ]);
    }
    expect(await family(newcomer.token)).toEqual({ role: 'none' });

    // The address's owner follows the verification link and accepts.
    const resent = await call({ method: 'POST', url: '/api/auth/verify-email/resend' }, newcomer.token);
    expect(resent.statusCode, resent.body).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'fresh.kin@example.com'), eq(mailOutbox.kind, 'verification')));
    const link = /verify-email\?token=([\w.-]+)/.exec(mail!.textBody)!;
    const verified = await call({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link[1] } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await preview()).statusCode).toBe(200);
    expect((await accept(newcomer.token, invitation)).json<FamilyView>()).toMatchObject({ role: 'member' });
  });

  it('keeps a name that looks like a link, holds line breaks or runs long out of the invitation’s subject', async () => {
    const subjectFor = async (ownerName: string, address: string) => {
      const owner = await ownerWithFamily();
      // Straight to the row: a name set before names refused control characters, or one of today's with a link.
      await ctx.database.db.update(users).set({ name: ownerName }).where(eq(users.id, owner.user.id));
      await ctx.changed();
      await invited(owner.token, address);
      const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      return mail!;
    };
    const neutral = `You are invited to read ${ctx.config.site.name}`;
    for (const [ownerName, address] of [
      ['Your bank: verify at evil.example', 'lure1@example.com'],
      ['Visit https://evil.example now', 'lure2@example.com'],
      ['support@evil.example', 'lure3@example.com'],
      ['www.evil.example', 'lure4@example.com'],
      ['Your bank: verify at 203.0.113.9', 'lure8@example.com'],
      ['Your bank: verify at [2001:db8::1]', 'lure9@example.com'],
      ['Bank 2001:db8:0:0:0:0:0:1', 'lure10@example.com'],
      ['Pat\r\nBcc: all@example.com', 'lure5@example.com'],
      ['Pat\u202Eelpmaxe.live', 'lure6@example.com'],
      [`Pat ${'Longname '.repeat(6)}`, 'lure7@example.com'],
    ] as const) {
      const mail = await subjectFor(ownerName, address);
      expect(mail.subject, ownerName).toBe(neutral);
      expect(mail.textBody).not.toContain('evil');
      expect(mail.textBody).not.toMatch(/203\.0|2001:db8/);
      expect(mail.textBody).not.toContain('Bcc');
    }
    // An ordinary name, initials and all, is named.
    const named = await subjectFor('J. R. Hartley-Ødegård', 'named@example.com');
    expect(named.subject).toBe(`J. R. Hartley-Ødegård invites you to read ${ctx.config.site.name}`);
    // So is one with a number or a time in it.
    const numbered = await subjectFor('Pat 2:30 Smith 3.5', 'numbered@example.com');
    expect(numbered.subject).toBe(`Pat 2:30 Smith 3.5 invites you to read ${ctx.config.site.name}`);
  });

  it('tells a reader with premium of their own that the seat does not extend it', async () => {
    const owner = await ownerWithFamily();
    const person = await reader();
    await buy(person.token, 'individual');
    const invitation = await invited(owner.token, person.user.email);
    const preview = await call(
      { method: 'POST', url: '/api/family/invitations/preview', payload: { token: tokenOf(invitation) } },
      person.token,
    );
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(preview.json<FamilyInvitationPreview>().ownPremiumUntil).toBe(row!.premiumUntil!.toISOString());
  });

  it('gives exactly the free seats to parallel accepts: 12 readers, 5 seats', async () => {
    const owner = await ownerWithFamily();
    const readers = await Promise.all(Array.from({ length: 12 }, () => reader()));
    const invitations: FamilyInvitation[] = [];
    for (const person of readers) invitations.push(await invited(owner.token, person.user.email));
    const answers = await Promise.all(readers.map((person, n) => accept(person.token, invitations[n]!)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.noSeatsLeft);
    const view = await family(owner.token);
    expect(view.role === 'owner' && view.members).toHaveLength(5);
    expect((await invite(owner.token, 'one-more@example.com')).json<ErrorResponse>().message).toBe(
      FAMILY_MESSAGES.noSeatsLeft,
    );
  });

  it('ends every member’s access when the owner deletes the account, and tells them by the bell and e-mail', async () => {
    const owner = await ownerWithFamily();
    const person = await member(owner);
    const deleted = await call(
      { method: 'POST', url: '/api/account/delete', payload: { confirmation: PASSWORD } },
      owner.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await opensPremium(person.token)).toBe(false);
    expect(await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, person.user.id))).toEqual(
      [],
    );
    const notices = (await call({ method: 'GET', url: '/api/notifications' }, person.token)).json<NoticeList>();
    expect(notices.notices[0]).toMatchObject({ kind: 'family-ended', family: { owner: owner.user.name } });
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.user.email));
    expect(mails.map((mail) => mail.kind)).toContain('family-ended');
  });

  it('lets the admin set a plan’s accounts; several accounts share every premium article', async () => {
    const admin = await reader({ role: 'admin' });
    const plan = {
      name: 'Household',
      price: 9,
      durationMinutes: 600,
      features: ['Three readers'],
      visibility: 'listed',
    };
    const limited = await call(
      { method: 'POST', url: '/api/admin/plans', payload: { ...plan, premiumArticles: 3, familySeats: 3 } },
      admin.token,
    );
    expect(limited.statusCode).toBe(400);
    expect(limited.json<ErrorResponse>().message).toBe(PLAN_MESSAGES.familyNeedsFullAccess);
    const tooMany = await call(
      { method: 'POST', url: '/api/admin/plans', payload: { ...plan, premiumArticles: null, familySeats: 11 } },
      admin.token,
    );
    expect(tooMany.statusCode).toBe(400);
    const created = await call(
      { method: 'POST', url: '/api/admin/plans', payload: { ...plan, premiumArticles: null, familySeats: 3 } },
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const owner = await reader();
    await buy(owner.token, created.json<{ id: string }>().id);
    expect(await family(owner.token)).toMatchObject({ role: 'owner', seats: 3 });
  });
});
