import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a shipment's tracking page, `/track/<token>` (docs/tracking.md): the order's id
 * and a signature of it with the site's secret, so a link emailed months ago keeps working
 * without anything stored, and nobody can make one for another order. 44 characters, URL-safe.
 */
export class TrackingTokens {
  constructor(private readonly secret: string) {}

  of(orderId: string): string {
    const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
    return id.toString('base64url') + this.signature(orderId).toString('base64url');
  }

  /** The order's id a token names, or undefined when it is not one we signed. */
  orderIdOf(token: string): string | undefined {
    if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return undefined;
    const id = Buffer.from(token.slice(0, 22), 'base64url');
    const signature = Buffer.from(token.slice(22), 'base64url');
    if (id.length !== 16 || signature.length !== 16) return undefined;
    const hex = id.toString('hex');
    const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return timingSafeEqual(signature, this.signature(orderId)) ? orderId : undefined;
  }

  private signature(orderId: string): Buffer {
    return createHmac('sha256', this.secret).update(`tracking:${orderId}`).digest().subarray(0, 16);
  }
}
