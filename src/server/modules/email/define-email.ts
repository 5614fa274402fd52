import type { EmailKind } from '#src/domain/email-kinds.js';
import type { RenderedMail } from './templates/layout.js';

/**
 * Who an email about an order can go to (docs/email.md, "Who receives what"):
 * - `booker`: the person who booked, by the email they gave when they booked (`orders.booker_email`);
 * - `account`: the account holder, when the order belongs to an account;
 * - `contact`: the collection contact as the order has them now (a contact change moves it);
 * - `previous-contact`: the contact before a contact change, on the email about that change;
 * - `recipient`: the recipient at the delivery address.
 */
export type Party = 'booker' | 'account' | 'contact' | 'previous-contact' | 'recipient';

export const PARTY_WORDS: Readonly<Record<Party, string>> = {
  booker: 'the person who booked',
  account: 'the account holder',
  contact: 'the collection contact',
  'previous-contact': 'the previous collection contact',
  recipient: 'the recipient',
};

/** The person who booked, as every email about money or the booking reaches them. */
export const BOOKER: readonly Party[] = ['booker', 'account'];

/** The order, as the emails about it read it: an `OrderRow` fits it. */
export interface EmailOrder {
  id: string;
  reference: string;
  userId: string | null;
  bookerEmail: string | null;
  destinationCountryId: number;
  personalEffects: boolean;
  collectionAddress: { firstName: string; email: string } | null;
  deliveryAddress: { firstName: string; email: string } | null;
}

/** One person an email goes to. */
export interface Addressee {
  email: string;
  /** The name the email greets, when known. */
  firstName: string | null;
  party: Party;
}

export interface MailContext {
  siteUrl: string;
  now: Date;
}

/** An email about an order: to the parties its rule names, each once. */
export interface OrderEmailDefinition<Kind extends EmailKind, Data> {
  kind: Kind;
  about: 'order';
  /** When it is sent, in words (docs/email.md's table). */
  when: string;
  /** Who receives it, first to last: the same address never twice (case-insensitively). */
  to: readonly Party[];
  /** Whether it invites a reply: Reply-To the business's mailbox (`REPLY_TO_EMAIL`). */
  replyTo: boolean;
  /**
   * The business event's idempotency key: the first addressee's email carries it, every other
   * addressee's the key and its address (`…:to:<address>`), so a retry or a crash never sends
   * one twice.
   */
  key(order: EmailOrder, data: Data): string;
  /**
   * Why this event is told by another email instead (its words), or undefined when this one is
   * sent: `send` writes nothing for it. Keeps "one email per event" in the email's definition.
   */
  toldBy?(data: Data): string | undefined;
  /** The people of the event itself, for the parties the order does not carry. */
  parties?(data: Data): Partial<Record<Party, { email: string; firstName: string | null }>>;
  render(data: Data, context: MailContext & { order: EmailOrder; to: Addressee }): RenderedMail;
}

/** Settings an email to one address may need: where the sales mailbox is. */
export interface AddressContext extends MailContext {
  salesEmail: string;
}

/** An email to one address the caller names (an account's, the sales mailbox). */
export interface AddressEmailDefinition<Kind extends EmailKind, Data> {
  kind: Kind;
  about: 'address';
  when: string;
  /** Who receives it, in words (docs/email.md's table). */
  who: string;
  key(data: Data): string;
  address(data: Data, context: AddressContext): string;
  /** Reply-To: the business's mailbox (`business`), one the data gives, or none. */
  replyTo: 'business' | 'none' | ((data: Data) => string | undefined);
  /** The order it is about, on the console's timeline. */
  orderId?(data: Data): string;
  render(data: Data, context: MailContext): RenderedMail;
}

export type EmailDefinition<Kind extends EmailKind, Data> =
  OrderEmailDefinition<Kind, Data> | AddressEmailDefinition<Kind, Data>;

/** One email about an order, in its own `*.email.ts` file (docs/email.md). */
export function defineOrderEmail<Kind extends EmailKind, Data>(
  definition: Omit<OrderEmailDefinition<Kind, Data>, 'about'>,
): OrderEmailDefinition<Kind, Data> {
  return { ...definition, about: 'order' };
}

/** One email to an address, in its own `*.email.ts` file (docs/email.md). */
export function defineAddressEmail<Kind extends EmailKind, Data>(
  definition: Omit<AddressEmailDefinition<Kind, Data>, 'about'>,
): AddressEmailDefinition<Kind, Data> {
  return { ...definition, about: 'address' };
}

/** "Hello Ada," (or "Hello," without a name). */
export function hello(firstName: string | null | undefined): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}
