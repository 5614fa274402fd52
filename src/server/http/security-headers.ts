import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Browser features the site never uses: refused for every page and any frame in it. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

/**
 * The security headers of every response, through helmet (docs/security.md). The
 * Content-Security-Policy is self only, except that with the real card provider
 * (PAYMENT_PROVIDER=stripe) Stripe.js and its frames are allowed: its card fields are iframes
 * served by Stripe and talk to its API. HSTS only when the site's public address is https (a
 * site on http would lock its visitors out of it). A route may set its own CSP (the dev mailbox's
 * message view does), which replaces this one.
 *
 * helmet's middleware is built once, here: @fastify/helmet built it again for every request,
 * parsing the CSP's directives each time (3% of a quote's time, more of a small response's).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { stripe: boolean; publicUrl: string | undefined },
): void {
  const { stripe } = options;
  const https = options.publicUrl?.startsWith('https://') ?? false;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: stripe ? ["'self'", 'https://js.stripe.com'] : ["'self'"],
        connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Stripe's authentication step may open a window of the card issuer's.
    crossOriginOpenerPolicy: { policy: stripe ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Off: it would stop Stripe's frames, and the site loads nothing cross-origin otherwise.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error === undefined || error === null) done();
      else done(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
