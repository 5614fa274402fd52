import type { EmailKind } from '#src/domain/email-kinds.js';
import type { Clock } from '../../clock.js';
import type { Queryable } from '../../db/queryable.js';
import type {
  Addressee,
  AddressEmailDefinition,
  EmailOrder,
  OrderEmailDefinition,
  Party,
} from './define-email.js';
import { validAddress } from './mail-headers.js';
import type { EnqueueResult, MailOutbox } from './outbox.js';
import { EMAILS, type AddressEmailKind, type EmailData, type OrderEmailKind } from './registry.js';

export interface EmailConfig {
  /** Where contact form messages go (SALES_EMAIL). */
  salesEmail: string;
  /**
   * Reply-To of every email that invites the customer to reply (REPLY_TO_EMAIL, default
   * SALES_EMAIL): MAIL_FROM is a no-reply address nobody reads.
   */
  replyTo?: string;
  /** The site's public address, for links in the emails' footer. */
  siteUrl: string;
}

/**
 * An account's email by its id, through the caller's transaction: the account holder of an
 * order (the accounts module's).
 */
export type AccountEmailLookup = (userId: string, tx: Queryable) => Promise<string | null>;

/** One email written to the outbox, and the address it goes to. */
export type Sent = EnqueueResult & { to: string };

/**
 * The emails the site sends, each by its kind in the registry (`registry.ts`, docs/email.md).
 * Each call renders the email and writes it to the outbox through the caller's transaction `tx`,
 * so it is sent if and only if the caller's change commits; calling again for the same event
 * enqueues nothing more (its idempotency key). After the commit, `mail.worker.wake()` sends it
 * at once instead of at the next poll.
 */
export class Emails {
  private accountEmail: AccountEmailLookup | undefined;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
    private readonly config: EmailConfig,
  ) {}

  /** How the account holder of an order is found: set once the accounts exist (`services.ts`). */
  findAccountsWith(lookup: AccountEmailLookup): void {
    this.accountEmail = lookup;
  }

  /**
   * An email about an order, to each party its rule names (the same address once, whatever its
   * case), each copy written for its addressee. The first addressee's copy carries the event's
   * key, every other's the key and `:to:<address>`. `held`: written for an operator to send or
   * discard (an outcome the site before a restore may have emailed already; decision 141).
   */
  async send<K extends OrderEmailKind>(
    tx: Queryable,
    kind: K,
    order: EmailOrder,
    data: EmailData<K>,
    options: { held?: boolean } = {},
  ): Promise<Sent[]> {
    const definition = EMAILS[kind] as unknown as OrderEmailDefinition<K, EmailData<K>>;
    if (definition.toldBy?.(data) !== undefined) return [];
    const key = definition.key(order, data);
    const sent: Sent[] = [];
    for (const [i, to] of (await this.addressees(tx, definition, order, data)).entries()) {
      const rendered = definition.render(data, { ...this.context(), order, to });
      const queued = await this.outbox.enqueue(tx, {
        kind,
        idempotencyKey: i === 0 ? key : `${key}:to:${to.email.toLowerCase()}`,
        to: to.email,
        ...(definition.replyTo ? this.replyTo() : {}),
        orderId: order.id,
        ...(options.held ? { held: true } : {}),
        ...rendered,
      });
      sent.push({ ...queued, to: to.email });
    }
    return sent;
  }

  /** An email to the one address its data names (an account's, the sales mailbox). */
  sendTo<K extends AddressEmailKind>(
    tx: Queryable,
    kind: K,
    data: EmailData<K>,
  ): Promise<EnqueueResult> {
    const definition = EMAILS[kind] as unknown as AddressEmailDefinition<K, EmailData<K>>;
    const context = this.context();
    const replyTo =
      definition.replyTo === 'business'
        ? this.config.replyTo
        : definition.replyTo === 'none'
          ? undefined
          : definition.replyTo(data);
    const orderId = definition.orderId?.(data);
    return this.outbox.enqueue(tx, {
      kind,
      idempotencyKey: definition.key(data),
      to: definition.address(data, { ...context, salesEmail: this.config.salesEmail }),
      ...(replyTo ? { replyTo } : {}),
      ...(orderId ? { orderId } : {}),
      ...definition.render(data, context),
    });
  }

  /** Who an email about an order goes to, in its rule's order, each address once. */
  async addressees<K extends EmailKind, Data>(
    tx: Queryable,
    definition: Pick<OrderEmailDefinition<K, Data>, 'to' | 'parties'>,
    order: EmailOrder,
    data: Data,
  ): Promise<Addressee[]> {
    const given = definition.parties?.(data) ?? {};
    const contact = order.collectionAddress;
    const seen = new Set<string>();
    const addressees: Addressee[] = [];
    for (const party of definition.to) {
      const person = given[party] ?? (await this.partyOf(tx, party, order));
      const email = person ? validAddress(person.email) : undefined;
      if (!person || !email || seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      addressees.push({ email, firstName: person.firstName ?? contact?.firstName ?? null, party });
    }
    return addressees;
  }

  private async partyOf(
    tx: Queryable,
    party: Party,
    order: EmailOrder,
  ): Promise<{ email: string; firstName: string | null } | null> {
    const contact = order.collectionAddress;
    switch (party) {
      case 'booker': {
        const email = order.bookerEmail ?? contact?.email;
        return email ? { email, firstName: contact?.firstName ?? null } : null;
      }
      case 'account': {
        if (!order.userId) return null;
        if (!this.accountEmail) throw new Error('Emails: no account lookup (findAccountsWith)');
        const email = await this.accountEmail(order.userId, tx);
        return email ? { email, firstName: contact?.firstName ?? null } : null;
      }
      case 'contact':
        return contact ? { email: contact.email, firstName: contact.firstName } : null;
      case 'recipient': {
        const recipient = order.deliveryAddress;
        return recipient ? { email: recipient.email, firstName: recipient.firstName } : null;
      }
      case 'previous-contact':
        return null;
    }
  }

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  /** The business's Reply-To, for an email that invites a reply. */
  private replyTo(): { replyTo?: string } {
    return this.config.replyTo ? { replyTo: this.config.replyTo } : {};
  }

  private context() {
    return { siteUrl: this.config.siteUrl, now: this.clock.now() };
  }
}
