import { AppError } from '../../http/errors';

/** A subscription as the payment provider holds it now (the provider is the truth). */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** Stripe's values: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  status: string;
  priceId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** One charge attempt for a subscription period (a Stripe invoice). */
export interface PaymentState {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Cents. */
  amount: number;
  currency: string;
  /** succeeded, failed, pending or void. */
  status: string;
  paymentMethod: string | null;
  receiptUrl: string | null;
}

/** A verified provider event, reduced to what it is about; its current state is read afresh. */
export interface BillingEvent {
  id: string;
  type: string;
  subject:
    | { kind: 'subscription'; id: string; customerId: string | null }
    | { kind: 'invoice'; id: string; customerId: string | null }
    | { kind: 'ignored' };
}

export interface CheckoutRequest {
  userId: number;
  customerId: string;
  plan: { id: number; name: string; price: number; interval: string; priceId: string | null };
  successUrl: string;
  cancelUrl: string;
}

interface ProviderBase {
  /** Creates the provider's customer for a user; called once per user, under a row lock. */
  createCustomer(user: { id: number; email: string; createdAt: Date }): Promise<string>;
  /** Returns the URL of the hosted checkout page. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  setCancelAtPeriodEnd(current: SubscriptionState, cancel: boolean): Promise<SubscriptionState>;
  cancelNow(current: SubscriptionState): Promise<SubscriptionState>;
}

export interface StripeProvider extends ProviderBase {
  kind: 'stripe';
  /** Verifies the signature on the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
  fetchSubscription(id: string): Promise<SubscriptionState>;
  fetchPayment(invoiceId: string): Promise<PaymentState>;
}

export interface TestModeProvider extends ProviderBase {
  kind: 'test';
}

export type PaymentProvider = StripeProvider | TestModeProvider;

/** The provider did not answer or refused: nothing was changed on our side. */
export class PaymentProviderError extends AppError {
  /** The provider call that failed, for the log. */
  readonly operation?: string;

  constructor(
    message = 'The payment provider is not answering right now. Nothing was changed; please try again in a minute.',
    statusCode = 502,
    options?: { cause?: unknown; operation?: string },
  ) {
    super(statusCode, message, undefined, options);
    this.operation = options?.operation;
  }
}

export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
