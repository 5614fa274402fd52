import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '#src/domain/accounts.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';
import type { Clock } from '../../clock.js';
import { signedInUser, type AccessRule } from '../../http/access.js';
import { ApiError } from '../../http/errors.js';
import type { OrdersRepository } from './orders.repository.js';

/**
 * The guest-session cookie (decision 078): one random value per browser, issued by the server
 * only (`<random>.<signature>`, signed with the app secret; a value it did not sign is ignored
 * and replaced), stored only as its hash, and replaced at sign-in and sign-out.
 */
export const GUEST_COOKIE = 'boxabroad_guest';
/** A guest cookie's shape: 32 random characters, a dot, its 43-character signature. */
const GUEST_VALUE = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;
const GUEST_COOKIE_DAYS = 400;
/** How long an emailed read-only link (labels, the order) works. */
export const READ_LINK_DAYS = 90;

/** Who is asking: this browser's guest session and the signed-in account, if any. */
export interface Viewer {
  guestHash: string | null;
  user: SessionUser | null;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The one place that decides who may open an order (docs/accounts.md):
 * - the browsers holding it (the guest cookie that created it, or one a "Manage my booking"
 *   link was opened in);
 * - the account it belongs to, and an account whose verified email booked it as a guest;
 * - for reading only (GET), a signed link from an email, until it expires.
 * Anyone else gets the same 404 as for an order that does not exist.
 */
export class OrderAccess {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly currentUser: (headers: Headers) => Promise<SessionUser | null>,
    private readonly secureCookies: boolean,
  ) {}

  /** This browser's guest session (the hash of its cookie), or null without a valid one. */
  guestHashOf(request: FastifyRequest): string | null {
    // Parsed by @fastify/cookie (decision 089); the signature is ours (decision 078).
    const value = request.cookies[GUEST_COOKIE];
    const match = value ? GUEST_VALUE.exec(value) : null;
    if (!match?.[1] || !match[2]) return null;
    const expected = Buffer.from(this.signGuest(match[1]));
    const given = Buffer.from(match[2]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return hash(match[1]);
  }

  /** A guest cookie value this server issues for the random part `id` (tests name their own). */
  guestCookieValue(id: string = randomBytes(24).toString('base64url')): string {
    return `${id}.${this.signGuest(id)}`;
  }

  /** The viewer on a route declared for a signed-in account: this browser and the account. */
  signedInViewerOf(request: FastifyRequest): Viewer & { user: SessionUser } {
    return { guestHash: this.guestHashOf(request), user: signedInUser(request) };
  }

  async viewerOf(request: FastifyRequest): Promise<Viewer> {
    return {
      guestHash: this.guestHashOf(request),
      user: await this.currentUser(fromNodeHeaders(request.headers)),
    };
  }

  /** This browser's guest session, created (HttpOnly cookie) at its first quote. */
  ensureGuest(request: FastifyRequest, reply: FastifyReply): string {
    const existing = this.guestHashOf(request);
    if (existing) return existing;
    return this.issueGuest(request, reply);
  }

  /**
   * A new guest session for this browser, at sign-in and sign-out (decision 078). The old
   * value stops opening anything: at sign-in the orders it held move to the new one (the
   * account now has them too), at sign-out they are let go, so a signed-out browser opens
   * nothing of the account's or of its own earlier orders. Returns the new session's hash.
   */
  async rotateGuest(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: 'sign-in' | 'sign-out',
  ): Promise<string> {
    const old = this.guestHashOf(request);
    const fresh = this.issueGuest(request, reply);
    if (old) {
      if (mode === 'sign-in') await this.orders.moveGuest(old, fresh);
      else await this.orders.forgetGuest(old);
    }
    return fresh;
  }

  private issueGuest(request: FastifyRequest, reply: FastifyReply): string {
    const id = randomBytes(24).toString('base64url');
    reply.setCookie(GUEST_COOKIE, this.guestCookieValue(id), {
      path: '/',
      maxAge: GUEST_COOKIE_DAYS * 86400,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies || request.protocol === 'https',
    });
    return hash(id);
  }

  private signGuest(id: string): string {
    return createHmac('sha256', this.secret).update(`guest:${id}`).digest('base64url');
  }

  async canOpen(orderId: string, viewer: Viewer): Promise<boolean> {
    return this.orders.openableBy(orderId, {
      userId: viewer.user?.id ?? null,
      guestHash: viewer.guestHash,
      verifiedEmail: viewer.user?.emailVerified ? viewer.user.email : null,
    });
  }

  /** Gives this browser (and its account, if signed in) the order. */
  async grant(orderId: string, viewer: { guestHash: string; userId: string | null }) {
    await this.orders.grant(orderId, viewer.guestHash, viewer.userId, this.clock.now());
  }

  /** After sign-in or sign-up: this browser's guest orders now belong to the account. */
  async linkGuestOrders(userId: string, guestHash: string | null): Promise<void> {
    if (!guestHash) return;
    await this.orders.linkGuestOrders(userId, guestHash);
  }

  /** A read-only credential for one order, for links in emails: `<expiry>.<signature>`. */
  readToken(orderId: string, days = READ_LINK_DAYS): string {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + days * 86400;
    return `${expires}.${this.sign(orderId, expires)}`;
  }

  readTokenOpens(token: string, orderId: string): boolean {
    const [expiresText, signature] = token.split('.');
    const expires = Number(expiresText);
    if (!Number.isInteger(expires) || !signature) return false;
    if (expires * 1000 <= this.clock.now().getTime()) return false;
    const expected = Buffer.from(this.sign(orderId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** An order route's URL that works, read-only, without the browser that booked it. */
  readUrl(siteUrl: string, path: string, orderId: string): string {
    return `${siteUrl.replace(/\/$/, '')}${path}?access=${this.readToken(orderId)}`;
  }

  private sign(orderId: string, expires: number): string {
    return createHmac('sha256', this.secret)
      .update(`order-read:${orderId}:${expires}`)
      .digest('base64url');
  }
}

/** An order id as the database stores it; any other `:id` names no order. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `order` access rule (http/access.ts): every route declared for it names one order by
 * `:id`, whichever module registers it (orders, items, checkout, documents and labels), and
 * answers only who may open that order. Decided before the body is read; anyone else gets the
 * same 404 as for an order that does not exist.
 */
export function orderRule(access: OrderAccess): AccessRule {
  return async (request) => {
    const orderId = (request.params as { id?: unknown }).id;
    if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) throw orderNotFound();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const token = (request.query as { access?: unknown } | undefined)?.access;
      if (typeof token === 'string' && access.readTokenOpens(token, orderId)) return;
    }
    if (!(await access.canOpen(orderId, await access.viewerOf(request)))) throw orderNotFound();
  };
}

const orderNotFound = () => new ApiError(404, ORDER_NOT_FOUND.code, ORDER_NOT_FOUND.message);
