import { ERROR_CODES, PAYMENT_MESSAGES, text } from '@dispatch/shared';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.js';

/*
 * What the webhook route takes as a Stripe event (docs/decisions/056-stripe-webhooks-read-checked-and-bounded.md). A
 * signature proves who sent a body, not that it is an event the site can read: each event it applies is checked
 * against the fields its reader uses (stripe-billing.ts, payments.service.ts), so a body that cannot be one is
 * refused with a 400 before anything is recorded, rather than failing halfway with a 500 that Stripe would deliver
 * again for three days. Other fields are kept as sent; event types the site does not use need only the envelope.
 */

// Ids and codes are stored and indexed: no NUL, and no longer than any Stripe sends.
const word = text().min(1).max(255);
const id = word;
// Any time a Date holds (up to the year 9999).
const seconds = z.number().int().nonnegative().max(253_402_300_799);
const minorUnits = z.number().int().nonnegative();
const metadata = z.record(z.string(), text());
const expandable = z.union([id, z.looseObject({ id })]);

const EventSchema = z.looseObject({
  id,
  type: word,
  created: seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});

const PaymentIntentSchema = z.looseObject({ id, amount_received: minorUnits, currency: word });

const InvoiceLineSchema = z.looseObject({
  parent: z
    .looseObject({
      type: word,
      subscription_item_details: z
        .looseObject({ proration: z.boolean(), subscription: id.nullable() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  period: z.looseObject({ start: seconds, end: seconds }).refine((period) => period.end >= period.start),
});

const InvoiceSchema = z.looseObject({
  id,
  currency: word,
  amount_paid: minorUnits,
  amount_due: minorUnits,
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: seconds.nullable(),
  billing_reason: word.nullable(),
  lines: z.looseObject({ data: z.array(InvoiceLineSchema) }),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: expandable, metadata: metadata.nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

const SubscriptionSchema = z.looseObject({
  id,
  customer: expandable,
  status: word,
  cancel_at_period_end: z.boolean(),
  default_payment_method: expandable.nullable(),
  items: z.looseObject({ data: z.array(z.looseObject({ current_period_end: seconds })) }),
  // Absent metadata names no checkout: the event is read, and applies to a subscription known by its id only.
  metadata: metadata.default({}),
  ended_at: seconds.nullable().optional(),
  canceled_at: seconds.nullable().optional(),
  cancellation_details: z.looseObject({ reason: word.nullable().optional() }).nullable().optional(),
});

/** The object each event the site applies must carry; any other type is claimed and left alone. */
const OBJECT_OF: Partial<Record<string, z.ZodType>> = {
  'payment_intent.succeeded': PaymentIntentSchema,
  'invoice.paid': InvoiceSchema,
  'invoice.payment_failed': InvoiceSchema,
  'customer.subscription.updated': SubscriptionSchema,
  'customer.subscription.deleted': SubscriptionSchema,
};

const notAnEvent = () => new AppError(ERROR_CODES.validationFailed, 400, PAYMENT_MESSAGES.webhookNotAnEvent);

/** A body whose signature was verified, read as an event: refused (400) unless it has the shape its type needs. */
export function readStripeEvent(body: unknown): Stripe.Event {
  const envelope = EventSchema.safeParse(body);
  if (!envelope.success) throw notAnEvent();
  const schema = OBJECT_OF[envelope.data.type];
  if (!schema) return envelope.data as unknown as Stripe.Event;
  const object = schema.safeParse(envelope.data.data.object);
  if (!object.success) throw notAnEvent();
  return { ...envelope.data, data: { ...envelope.data.data, object: object.data } } as unknown as Stripe.Event;
}

const isSignatureError = (error: unknown): boolean =>
  !!error && typeof error === 'object' && 'type' in error && error.type === 'StripeSignatureVerificationError';

/**
 * Stripe's signature checked on the raw body (400 when it is not Stripe's), then the body read as an event (400 when
 * it cannot be one: not JSON, or not the shape of its type).
 */
export function verifiedEvent(
  stripe: { client: Stripe; webhookSecret: string },
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  let body: unknown;
  try {
    body = stripe.client.webhooks.constructEvent(rawBody, signature ?? '', stripe.webhookSecret);
  } catch (error) {
    if (isSignatureError(error))
      throw new AppError(ERROR_CODES.validationFailed, 400, PAYMENT_MESSAGES.webhookSignature);
    throw notAnEvent();
  }
  return readStripeEvent(body);
}
