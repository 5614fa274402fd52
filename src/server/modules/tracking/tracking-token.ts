import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a signed link opens: a shipment's tracking page, `/track/<token>`, or the one setting of
 * its optional emails, `/emails/<token>` (docs/tracking.md, "Who sees what"). A token signed for
 * one is refused by the other.
 */
export type TrackingLinkPurpose = 'tracking' | 'emails';

/**
 * The token of a shipment's signed links (docs/tracking.md): the order's id and a signature of it
 * and the link's purpose with the site's secret, so a link emailed months ago keeps working
 * without anything stored, and nobody can make one for another order or another purpose.
 * 44 characters, URL-safe.
 */
export class TrackingTokens {
  constructor(private readonly secret: string) {}

  of(orderId: string, purpose: TrackingLinkPurpose = 'tracking'): string {
    const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
    return id.toString('base64url') + this.signature(orderId, purpose).toString('base64url');
  }

  /** The order's id a token names, or undefined when it is not one we signed for `purpose`. */
  orderIdOf(token: string, purpose: TrackingLinkPurpose = 'tracking'): string | undefined {
    if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return undefined;
    const id = Buffer.from(token.slice(0, 22), 'base64url');
    const signature = Buffer.from(token.slice(22), 'base64url');
    if (id.length !== 16 || signature.length !== 16) return undefined;
    const hex = id.toString('hex');
    const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return timingSafeEqual(signature, this.signature(orderId, purpose)) ? orderId : undefined;
  }

  private signature(orderId: string, purpose: TrackingLinkPurpose): Buffer {
    return createHmac('sha256', this.secret)
      .update(`${purpose}:${orderId}`)
      .digest()
      .subarray(0, 16);
  }
}
