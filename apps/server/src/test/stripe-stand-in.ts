import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Stripe's API: Stripe's servers cannot be reached from the tests (docs/conventions.md#tests).
 * It answers the form-encoded requests the official SDK sends for what the site uses (PaymentIntents, Products,
 * Customers, Subscriptions, Invoice Payments, Refunds, Billing Portal sessions) with objects shaped as Stripe's API
 * reference shows them for the SDK's pinned version (`2026-10-28.endive`: an invoice's client secret is
 * `confirmation_secret`, periods live on subscription items, an invoice names its subscription under
 * `parent.subscription_details`, its payments are InvoicePayments). It keeps what it created, records every request,
 * replays an answer for a repeated idempotency key as Stripe does, and refuses an unknown parameter or expansion as
 * Stripe does, so a request Stripe would refuse fails here too.
 */

/** One request as the SDK sent it. */
export interface StripeRequest {
  method: string;
  /** Without the query string: `/v1/subscriptions/sub_…`. */
  path: string;
  /** A POST's form body, or a GET's or DELETE's query string, flat as sent: `items[0][price_data][unit_amount]`. */
  form: URLSearchParams;
  /** The same, nested: `params.items[0].price_data.unit_amount`; indexed keys become arrays. */
  params: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  /** True when the answer was the one recorded for this idempotency key, not a new one. */
  replayed: boolean;
}

export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

export interface StripeStandIn {
  /** `createStripeClient({ …, api })` points the SDK here. */
  api: { host: string; port: number; protocol: 'http' };
  requests: StripeRequest[];
  /** The requests with this method whose path is `path`, or matches it. */
  requestsTo(method: string, path: string | RegExp): StripeRequest[];
  customers: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  setupIntents: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  invoicePayments: Map<string, StripeObject>;
  refunds: Map<string, StripeObject>;
  /**
   * Pays an invoice as Stripe does once the browser confirms its PaymentIntent: the PaymentIntent succeeds, the
   * invoice is paid through an InvoicePayment, and an incomplete subscription becomes active. Answers the invoice.
   */
  payInvoice(id: string): StripeObject;
  /** Deletes a customer, as someone could in Stripe's dashboard: retrieving it answers `deleted: true`. */
  deleteCustomer(id: string): void;
  /**
   * The next request with this method and path (prefix) is carried out, then the connection is cut before the
   * answer: the SDK sees a network error and retries, as after a timeout on a real network.
   */
  loseAnswerTo(method: string, pathPrefix: string): void;
  /**
   * Every request with this method and path (prefix) fails with Stripe's 500 `api_error`, carrying out nothing, until
   * the function it answers is called: Stripe down, as the SDK's retries see it.
   */
  failRequestsTo(method: string, pathPrefix: string): () => void;
  close(): Promise<void>;
}

type Params = { [key: string]: ParamValue };
type ParamValue = string | Params | ParamValue[];

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, code?: string, param?: string, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...(code ? { code } : {}), param });
const missing = (kind: string, id: string) => invalid(`No such ${kind}: '${id}'`, 'resource_missing', 'id', 404);

/** `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`, as Stripe reads the SDK's encoding. */
export function decodeForm(form: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of form) {
    const path = key.split(/\[|\]\[|\]$/).filter((part, index) => index === 0 || part !== '');
    let node: Params = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return arraysOf(root) as Params;
}

function arraysOf(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysOf(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

const text = (value: ParamValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const object = (value: ParamValue | undefined): Params =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const list = (value: ParamValue | undefined): ParamValue[] => (Array.isArray(value) ? value : []);
const metadataOf = (value: ParamValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(object(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

function only(params: Params, allowed: readonly string[], prefix = '') {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalid(`Received unknown parameter: ${name}`, 'parameter_unknown', name);
    }
  }
}

function required(value: string | undefined, param: string): string {
  if (!value) throw invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
  return value;
}

function integer(value: string | undefined, param: string): number {
  const parsed = Number(required(value, param));
  if (!Number.isInteger(parsed) || parsed < 0)
    throw invalid(`Invalid integer: ${value}`, 'parameter_invalid_integer', param);
  return parsed;
}

const expansions = (params: Params) => new Set(list(params.expand).map((item) => String(item)));

function checkExpansions(wanted: Set<string>, allowed: readonly string[]) {
  for (const path of wanted) {
    if (!allowed.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, undefined, 'expand');
  }
}

const idOf = (prefix: string) =>
  `${prefix}_${randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 14)}`;
const secretFor = (id: string) => `${id}_secret_${idOf('x').slice(2)}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(seconds: number, interval: string, count: number): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return unix(date);
}

const SUBSCRIPTION_CREATE_PARAMS = [
  'customer',
  'items',
  'payment_behavior',
  'payment_settings',
  'trial_period_days',
  'metadata',
  'expand',
  'description',
  'collection_method',
  'default_payment_method',
  'off_session',
  'proration_behavior',
  'billing_mode',
  'trial_settings',
] as const;
const SUBSCRIPTION_EXPANSIONS = [
  'customer',
  'latest_invoice',
  'latest_invoice.confirmation_secret',
  'pending_setup_intent',
] as const;

/** Starts the stand-in on a free port of 127.0.0.1. `now` is the stand-in's clock (the test clock, if any). */
export async function startStripeStandIn(options: { now?: () => Date } = {}): Promise<StripeStandIn> {
  const now = () => unix(options.now?.() ?? new Date());
  const customers = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const invoicePayments = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const requests: StripeRequest[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const losing: { method: string; pathPrefix: string }[] = [];
  const failing = new Set<{ method: string; pathPrefix: string }>();

  const findCustomer = (id: string) => {
    const customer = customers.get(id);
    if (!customer || customer.deleted) throw missing('customer', id);
    return customer;
  };

  function renderInvoice(invoice: StripeObject, withSecret: boolean): StripeObject {
    if (withSecret) return invoice;
    const { confirmation_secret: _secret, ...rest } = invoice;
    return rest as StripeObject;
  }

  function renderSubscription(subscription: StripeObject, wanted: Set<string>): StripeObject {
    const rendered: StripeObject = { ...subscription };
    const invoiceId = subscription.latest_invoice as string | null;
    if (invoiceId && (wanted.has('latest_invoice') || wanted.has('latest_invoice.confirmation_secret'))) {
      rendered.latest_invoice = renderInvoice(
        invoices.get(invoiceId)!,
        wanted.has('latest_invoice.confirmation_secret'),
      );
    }
    const setupIntentId = subscription.pending_setup_intent as string | null;
    if (setupIntentId && wanted.has('pending_setup_intent'))
      rendered.pending_setup_intent = setupIntents.get(setupIntentId);
    if (wanted.has('customer')) rendered.customer = customers.get(subscription.customer as string);
    return rendered;
  }

  const currentPeriodEnd = (subscription: StripeObject) =>
    ((subscription.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? null) as
      number | null;

  function createSubscription(params: Params): StripeObject {
    only(params, SUBSCRIPTION_CREATE_PARAMS);
    const wanted = expansions(params);
    checkExpansions(wanted, SUBSCRIPTION_EXPANSIONS);
    const customer = findCustomer(required(text(params.customer), 'customer'));
    const items = list(params.items);
    if (items.length !== 1) throw invalid('The stand-in sells one item per subscription.', undefined, 'items');
    const item = object(items[0]);
    only(item, ['price_data', 'quantity', 'metadata'], 'items[0]');
    const priceData = object(item.price_data);
    only(priceData, ['currency', 'product', 'recurring', 'unit_amount', 'tax_behavior'], 'items[0][price_data]');
    const productId = required(text(priceData.product), 'items[0][price_data][product]');
    if (!products.has(productId))
      throw invalid(`No such product: '${productId}'`, 'resource_missing', 'items[0][price_data][product]');
    const recurring = object(priceData.recurring);
    only(recurring, ['interval', 'interval_count'], 'items[0][price_data][recurring]');
    const interval = required(text(recurring.interval), 'items[0][price_data][recurring][interval]');
    if (!['day', 'week', 'month', 'year'].includes(interval)) {
      throw invalid(`Invalid interval: ${interval}`, 'parameter_invalid', 'items[0][price_data][recurring][interval]');
    }
    const intervalCount = recurring.interval_count ? integer(text(recurring.interval_count), 'interval_count') : 1;
    const amount = integer(text(priceData.unit_amount), 'items[0][price_data][unit_amount]');
    const currency = required(text(priceData.currency), 'items[0][price_data][currency]');
    const trialDays = params.trial_period_days ? integer(text(params.trial_period_days), 'trial_period_days') : 0;
    const metadata = metadataOf(params.metadata);
    const created = now();
    const subscriptionId = idOf('sub');
    const periodEnd = trialDays > 0 ? created + trialDays * 86_400 : addInterval(created, interval, intervalCount);
    const price = {
      id: idOf('price'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: {
        interval,
        interval_count: intervalCount,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    const subscriptionItem = {
      id: idOf('si'),
      object: 'subscription_item',
      created,
      current_period_end: periodEnd,
      current_period_start: created,
      discounts: [],
      metadata: {},
      price,
      quantity: 1,
      subscription: subscriptionId,
      tax_rates: [],
    };
    const due = trialDays > 0 ? 0 : amount;
    const invoiceId = idOf('in');
    let confirmationSecret: { client_secret: string; type: string } | null = null;
    if (due > 0) {
      const paymentIntent: StripeObject = {
        id: idOf('pi'),
        object: 'payment_intent',
        amount: due,
        amount_received: 0,
        currency,
        customer: customer.id,
        created,
        livemode: false,
        metadata: {},
        setup_future_usage: 'off_session',
        status: 'requires_payment_method',
      };
      paymentIntent.client_secret = secretFor(paymentIntent.id);
      paymentIntents.set(paymentIntent.id, paymentIntent);
      confirmationSecret = { client_secret: paymentIntent.client_secret as string, type: 'payment_intent' };
    }
    invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      account_country: 'US',
      account_name: 'The Daily Dispatch',
      amount_due: due,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: due,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: due === 0,
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      confirmation_secret: confirmationSecret,
      created,
      currency,
      customer: customer.id,
      customer_email: customer.email,
      lines: {
        object: 'list',
        data: [
          {
            id: idOf('il'),
            object: 'line_item',
            amount: due,
            currency,
            description: `1 × ${String(products.get(productId)!.name)}`,
            invoice: invoiceId,
            livemode: false,
            metadata,
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: subscriptionId,
                subscription_item: subscriptionItem.id,
              },
            },
            period: { start: created, end: periodEnd },
            pricing: {
              type: 'price_details',
              price_details: { price: price.id, product: productId },
              unit_amount_decimal: String(due),
            },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata, subscription: subscriptionId },
      },
      period_end: created,
      period_start: created,
      status: due === 0 ? 'paid' : 'open',
      subtotal: due,
      total: due,
    });
    let setupIntentId: string | null = null;
    if (trialDays > 0) {
      setupIntentId = idOf('seti');
      setupIntents.set(setupIntentId, {
        id: setupIntentId,
        object: 'setup_intent',
        client_secret: secretFor(setupIntentId),
        created,
        customer: customer.id,
        livemode: false,
        metadata: {},
        payment_method: null,
        status: 'requires_payment_method',
        usage: 'off_session',
      });
    }
    const subscription: StripeObject = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: periodEnd,
      billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: created },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created,
      currency,
      customer: customer.id,
      default_payment_method: null,
      description: text(params.description) ?? null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: [subscriptionItem],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: invoiceId,
      livemode: false,
      metadata,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: text(object(params.payment_settings).save_default_payment_method) ?? 'off',
      },
      pending_setup_intent: setupIntentId,
      start_date: created,
      status: trialDays > 0 ? 'trialing' : 'incomplete',
      trial_end: trialDays > 0 ? periodEnd : null,
      trial_settings: {
        end_behavior: {
          missing_payment_method:
            text(object(object(params.trial_settings).end_behavior).missing_payment_method) ?? 'create_invoice',
        },
      },
      trial_start: trialDays > 0 ? created : null,
    };
    subscriptions.set(subscriptionId, subscription);
    return renderSubscription(subscription, wanted);
  }

  function findSubscription(id: string) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  function updateSubscription(id: string, params: Params): StripeObject {
    only(params, ['cancel_at_period_end', 'metadata', 'expand', 'proration_behavior', 'cancellation_details']);
    const wanted = expansions(params);
    checkExpansions(wanted, SUBSCRIPTION_EXPANSIONS);
    const subscription = findSubscription(id);
    if (subscription.status === 'canceled' && params.cancel_at_period_end !== undefined) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const cancel = text(params.cancel_at_period_end);
    if (cancel !== undefined) {
      if (cancel !== 'true' && cancel !== 'false') {
        throw invalid(`Invalid boolean: ${cancel}`, 'parameter_invalid', 'cancel_at_period_end');
      }
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.cancel_at = cancel === 'true' ? currentPeriodEnd(subscription) : null;
      subscription.canceled_at = cancel === 'true' ? now() : null;
    }
    if (params.metadata)
      subscription.metadata = { ...(subscription.metadata as object), ...metadataOf(params.metadata) };
    return renderSubscription(subscription, wanted);
  }

  function cancelSubscription(id: string, params: Params): StripeObject {
    only(params, ['expand', 'invoice_now', 'prorate', 'cancellation_details']);
    const wanted = expansions(params);
    checkExpansions(wanted, SUBSCRIPTION_EXPANSIONS);
    const subscription = findSubscription(id);
    if (subscription.status === 'canceled') throw invalid(`This subscription is already canceled: '${id}'`);
    const at = now();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    return renderSubscription(subscription, wanted);
  }

  /** A refund of a PaymentIntent's payment, whole unless `amount` says less; never more than is left of it. */
  function createRefund(params: Params): StripeObject {
    only(params, ['payment_intent', 'amount', 'reason', 'metadata', 'expand']);
    const intentId = required(text(params.payment_intent), 'payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    if (intent.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    }
    const received = intent.amount_received as number;
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
    if (refunded >= received) {
      throw invalid(`Charge for ${intentId} has already been refunded.`, 'charge_already_refunded');
    }
    const amount = params.amount ? integer(text(params.amount), 'amount') : received - refunded;
    if (amount > received - refunded) {
      throw invalid(`Refund amount is greater than unrefunded amount on charge.`, 'amount_too_large', 'amount');
    }
    const reason = text(params.reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(`Invalid reason: ${reason}`, 'parameter_invalid', 'reason');
    }
    const refund: StripeObject = {
      id: idOf('re'),
      object: 'refund',
      amount,
      created: now(),
      currency: intent.currency,
      metadata: metadataOf(params.metadata),
      payment_intent: intentId,
      reason,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function payInvoice(id: string): StripeObject {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`The stand-in has no invoice ${id}`);
    const secret = invoice.confirmation_secret as { client_secret: string } | null;
    const paidAt = now();
    const due = invoice.amount_due as number;
    if (secret) {
      const intent = paymentIntents.get(secret.client_secret.split('_secret_')[0]!)!;
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      const payment: StripeObject = {
        id: idOf('inpay'),
        object: 'invoice_payment',
        amount_paid: due,
        amount_requested: due,
        created: paidAt,
        currency: invoice.currency,
        invoice: id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: intent.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: paidAt },
      };
      invoicePayments.set(payment.id, payment);
    }
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: 1,
    });
    const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
      .subscription;
    const subscription = subscriptions.get(subscriptionId);
    if (subscription?.status === 'incomplete') subscription.status = 'active';
    return invoice;
  }

  function route(method: string, path: string, params: Params): StripeObject {
    const [, version, resource, id, sub] = path.split('/');
    if (version !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
    const key = `${method} ${resource}${id ? '/:id' : ''}${sub ? `/${sub}` : ''}`;
    switch (key) {
      case 'POST payment_intents': {
        const intent: StripeObject = {
          id: idOf('pi'),
          object: 'payment_intent',
          amount: integer(text(params.amount), 'amount'),
          amount_received: 0,
          currency: required(text(params.currency), 'currency'),
          created: now(),
          livemode: false,
          metadata: metadataOf(params.metadata),
          status: 'requires_payment_method',
        };
        intent.client_secret = secretFor(intent.id);
        paymentIntents.set(intent.id, intent);
        return intent;
      }
      case 'POST products': {
        only(params, ['id', 'name', 'metadata', 'description', 'active', 'expand']);
        const productId = text(params.id) ?? idOf('prod');
        if (products.has(productId)) throw invalid('Product already exists.', 'resource_already_exists', 'id');
        const product: StripeObject = {
          id: productId,
          object: 'product',
          active: text(params.active) !== 'false',
          created: now(),
          description: text(params.description) ?? null,
          livemode: false,
          metadata: metadataOf(params.metadata),
          name: required(text(params.name), 'name'),
          type: 'service',
        };
        products.set(productId, product);
        return product;
      }
      case 'GET products/:id': {
        const product = products.get(id!);
        if (!product) throw missing('product', id!);
        return product;
      }
      case 'POST customers': {
        only(params, ['email', 'name', 'metadata', 'description', 'expand']);
        const customer: StripeObject = {
          id: idOf('cus'),
          object: 'customer',
          created: now(),
          description: text(params.description) ?? null,
          email: text(params.email) ?? null,
          invoice_settings: {
            custom_fields: null,
            default_payment_method: null,
            footer: null,
            rendering_options: null,
          },
          livemode: false,
          metadata: metadataOf(params.metadata),
          name: text(params.name) ?? null,
        };
        customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id': {
        const customer = customers.get(id!);
        if (!customer) throw missing('customer', id!);
        return customer.deleted ? { id: customer.id, object: 'customer', deleted: true } : customer;
      }
      case 'POST subscriptions':
        return createSubscription(params);
      case 'GET subscriptions/:id': {
        const wanted = expansions(params);
        checkExpansions(wanted, SUBSCRIPTION_EXPANSIONS);
        return renderSubscription(findSubscription(id!), wanted);
      }
      case 'POST subscriptions/:id':
        return updateSubscription(id!, params);
      case 'DELETE subscriptions/:id':
        return cancelSubscription(id!, params);
      case 'GET invoice_payments': {
        only(params, ['invoice', 'status', 'limit', 'starting_after', 'ending_before', 'expand']);
        const invoice = text(params.invoice);
        const status = text(params.status);
        const data = [...invoicePayments.values()].filter(
          (payment) => (!invoice || payment.invoice === invoice) && (!status || payment.status === status),
        );
        return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } as unknown as StripeObject;
      }
      case 'POST refunds':
        return createRefund(params);
      case 'POST billing_portal/:id': {
        if (id !== 'sessions') break;
        only(params, ['customer', 'return_url', 'flow_data', 'configuration', 'locale', 'expand']);
        const customer = findCustomer(required(text(params.customer), 'customer'));
        const flow = object(params.flow_data);
        const session: StripeObject = {
          id: idOf('bps'),
          object: 'billing_portal.session',
          configuration: 'bpc_standin',
          created: now(),
          customer: customer.id,
          flow: text(flow.type)
            ? {
                type: text(flow.type),
                after_completion: { type: 'portal_homepage', hosted_confirmation: null, redirect: null },
              }
            : null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: text(params.return_url) ?? null,
          url: `https://billing.stripe.com/p/session/test_${idOf('x').slice(2)}`,
        };
        portalSessions.set(session.id, session);
        return session;
      }
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
  }

  function answer(response: ServerResponse, status: number, body: string, replayed = false) {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', idOf('req'));
    if (replayed) response.setHeader('idempotent-replayed', 'true');
    response.end(body);
  }

  function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(method === 'POST' ? raw : url.search);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const signature = `${method} ${url.pathname} ${form.toString()}`;
    const seen = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    requests.push({
      method,
      path: url.pathname,
      form,
      params: decodeForm(form),
      idempotencyKey,
      stripeVersion: request.headers['stripe-version'] as string | undefined,
      replayed: seen?.request === signature,
    });
    if ([...failing].some((rule) => rule.method === method && url.pathname.startsWith(rule.pathPrefix))) {
      const error = { type: 'api_error', message: 'The stand-in was told to fail this request.' };
      return answer(response, 500, JSON.stringify({ error }));
    }
    if (seen) {
      if (seen.request === signature) return answer(response, seen.status, seen.body, true);
      return answer(
        response,
        400,
        JSON.stringify({
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        }),
      );
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, url.pathname, decodeForm(form)));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    if (idempotencyKey && method === 'POST') idempotent.set(idempotencyKey, { request: signature, status, body });
    const lost = losing.findIndex((rule) => rule.method === method && url.pathname.startsWith(rule.pathPrefix));
    if (lost >= 0) {
      losing.splice(lost, 1);
      response.destroy();
      return;
    }
    answer(response, status, body);
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => handle(request, response, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    requestsTo: (method, path) =>
      requests.filter(
        (request) =>
          request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
      ),
    customers,
    products,
    subscriptions,
    invoices,
    paymentIntents,
    setupIntents,
    portalSessions,
    invoicePayments,
    refunds,
    payInvoice,
    deleteCustomer(id) {
      const customer = customers.get(id);
      if (customer) customers.set(id, { ...customer, deleted: true });
    },
    loseAnswerTo(method, pathPrefix) {
      losing.push({ method, pathPrefix });
    },
    failRequestsTo(method, pathPrefix) {
      const rule = { method, pathPrefix };
      failing.add(rule);
      return () => void failing.delete(rule);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
