/**
 * The courier simulator: a real HTTP server that speaks the Transglobal "services3" v2 JSON API
 * (docs/providers.md, "The courier API as we know it") on its own port, plus the pages its replies
 * link to (label and document downloads, a tracking page per order) and a control endpoint for
 * tests and demos:
 *
 *   POST /__control  { "latencyMs": 0, "quote": "normal", "commodity": "normal", "book": "normal",
 *                      "track": "normal", "rebook": "normal", "cancel": "normal", "find": "normal" }
 *                    each call type: normal | fail | http500 | hang | malformed | hold | lost;
 *                    { "advanceMs": n } moves its clock on by n ms (its offset, added to the clock
 *                    it was given; negative moves it back);
 *                    { "scenario": { "order": "GB…", "name": "normal" | "collection_missed" |
 *                      "customs_hold" | "delivery_failed" | "returned" | "unknown_event" | "silent" |
 *                      "lost" | "damaged",
 *                      "parcel": n } } what happens to a booked order's box n (default: every box
 *                    for a missed collection, box 1 otherwise; tracking.ts);
 *                    { "reset": true } restores the switches and the clock offset (orders keep
 *                    their scenarios); keys left out keep their setting; replies the settings.
 *                    `hold` keeps each call of that type waiting until its switch is set to
 *                    something else, then answers as the new setting: a test can look at the
 *                    site while a call is in flight, for as long as it needs. `lost` makes the
 *                    call (a rebooking is kept) and never answers: the reply lost on the way.
 *                    Only from this machine, never from a web page (controlRefusal).
 *   GET  /__calls    how many API calls of each type it has answered since it started,
 *                    `cancellations`: each cancelled order's count of CancelShipment successes,
 *                    and `bookings`: by YourReference, the cover (Insurance.CoverValue) each
 *                    booking asked for.
 *
 * API paths match in any letter case, with or without a trailing slash; POST only. Besides the
 * documented calls it answers the ones we assume (GetOrderDocuments, FindOrders, TrackOrder at /Track/V2 and
 * /Tracking/V2, RebookCollection, CancelShipment). Its "now" is the clock it is given plus its own offset. With
 * `storeDir`, what it books is kept there as files and loaded again at start (order-store.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '#src/server/clock.js';
import { systemClock } from '#src/server/clock.js';
import {
  bookShipment,
  cancelShipment,
  fail,
  getCommodity,
  getCountries,
  getOrderDocuments,
  findOrders,
  getQuote,
  MAX_PACKAGES,
  OrderBook,
  QuoteBook,
  rebookCollection,
  setScenario,
  trackOrder,
  type HandlerContext,
  type Reply,
  type StoredOrder,
} from './simulator.handlers.js';
import { renderBookingDocuments } from './documents.pdf.js';
import { OrderStore } from './order-store.js';
import { RenderPool } from './render-pool.js';
import { apiDateTime, currentCollection, SCENARIOS, trackingAt } from './tracking.js';
import { londonClock } from '#src/domain/london-time.js';

export const BEHAVIOURS = [
  'normal',
  'fail',
  'http500',
  'hang',
  'malformed',
  'hold',
  'lost',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** The call types a behaviour switch governs. */
export const SWITCHED_CALLS = [
  'quote',
  'commodity',
  'book',
  'track',
  'rebook',
  'cancel',
  'find',
] as const;
export type SwitchedCall = (typeof SWITCHED_CALLS)[number];

export interface SimulatorSettings extends Record<SwitchedCall, Behaviour> {
  latencyMs: number;
  /** Added to the clock it was given (`advanceMs` moves it on; `reset` back to 0). */
  clockOffsetMs: number;
}

export const DEFAULT_SETTINGS: Readonly<SimulatorSettings> = {
  latencyMs: 0,
  quote: 'normal',
  commodity: 'normal',
  book: 'normal',
  track: 'normal',
  rebook: 'normal',
  cancel: 'normal',
  find: 'normal',
  clockOffsetMs: 0,
};

/** A year, either way: more than any journey takes. */
const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

export const ControlSchema = z.strictObject({
  reset: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  quote: z.enum(BEHAVIOURS).optional(),
  commodity: z.enum(BEHAVIOURS).optional(),
  book: z.enum(BEHAVIOURS).optional(),
  track: z.enum(BEHAVIOURS).optional(),
  rebook: z.enum(BEHAVIOURS).optional(),
  cancel: z.enum(BEHAVIOURS).optional(),
  find: z.enum(BEHAVIOURS).optional(),
  /** Moves the simulator's clock on (or back) by this much, on top of its offset so far. */
  advanceMs: z.number().int().min(-MAX_ADVANCE_MS).max(MAX_ADVANCE_MS).optional(),
  /** What happens to a booked order's boxes from now on (tracking.ts). */
  scenario: z
    .strictObject({
      order: z.string().trim().min(1),
      name: z.enum(SCENARIOS),
      parcel: z.number().int().min(1).max(MAX_PACKAGES).optional(),
    })
    .optional(),
});
export type ControlRequest = z.infer<typeof ControlSchema>;

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Base of TrackingURL and DownloadURL; defaults to http://localhost:<port>. */
  publicUrl?: string;
  /** When set, only these credentials are accepted. */
  credentials?: { apiKey: string; password: string };
  /** Start-up behaviour (same keys as POST /__control). */
  settings?: Partial<SimulatorSettings>;
  /** Its "now" is this clock's plus its own offset (`advanceMs`), so both move together. */
  clock?: Clock;
  /**
   * A folder where each booked order (its data, PDFs, scenario and rebookings) is kept as files
   * and from which they are loaded at start (order-store.ts); without it, memory only.
   */
  storeDir?: string;
  logger?: Logger;
  /**
   * Where bookings' PDFs are rendered: on a worker thread of its own (the default, started at
   * the first booking: render-pool.ts), or on this thread, holding it for the render's length.
   * Tests whose courier client waits only seconds render here: a new thread's first render
   * takes seconds on a loaded machine (docs/decisions/094).
   */
  renderPdfs?: 'worker-thread' | 'this-thread';
}

export interface CourierSimulator {
  readonly url: string;
  readonly port: number;
  /** Where its orders are kept, when they are kept on disk. */
  readonly storeDir?: string;
  settings(): SimulatorSettings;
  /** Throws (changing nothing) for a scenario of an order or box it does not have. */
  control(request: ControlRequest): SimulatorSettings;
  /**
   * How many API requests of each type arrived (for tests: retries, never-retried bookings), and
   * each cancelled order's count of CancelShipment calls answered SUCCESS.
   */
  calls(): CallCounts;
  close(): Promise<void>;
}

export type CallType =
  | 'quote'
  | 'commodity'
  | 'book'
  | 'countries'
  | 'documents'
  | 'track'
  | 'rebook'
  | 'cancel'
  | 'find';

/** GET /__calls: the calls arrived per type, and the cancellations made per order. */
export type CallCounts = Record<CallType, number> & {
  /** By order reference: CancelShipment calls answered SUCCESS (the first and each repeat). */
  cancellations: Record<string, number>;
  /** By YourReference: what each booking made since start asked for (its Insurance.CoverValue). */
  bookings: Record<string, { coverValue: number }>;
  /** By order reference: each cover raised by RebookCollection after booking, in pounds. */
  coverRaises: Record<string, number[]>;
};

interface ApiRoute {
  call: CallType;
  handle(body: unknown): Reply | Promise<Reply>;
}

/** Malformed on purpose: a reply cut off mid-way, as a broken proxy or server would send. */
const MALFORMED_BODY =
  '{"Status":"SUCCESS","Notifications":[],"ServiceResults":[{"ServiceID":53,"Servi';

const HTTP500_BODY =
  '<!DOCTYPE html><html><head><title>500 - Internal server error.</title></head><body><h1>Server Error</h1><h2>500 - Internal server error.</h2><p>There is a problem with the resource you are looking for, and it cannot be displayed.</p></body></html>';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Host names of this machine, as a program on it spells them. */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * Why a request to change the switches is refused, if it is. Only a program on this machine
 * (a test, a script, curl) may flip them, never a web page a developer happens to visit: a
 * page's cross-site request carries an `Origin` or `Sec-Fetch-Site` saying so, and a JSON body
 * is something a page cannot send cross-site without a CORS preflight the simulator never
 * answers. A `Host` that is not this machine's (a rebinding DNS name) is refused too.
 */
export function controlRefusal(
  request: IncomingMessage,
  publicHost?: string,
): { status: number; error: string } | undefined {
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host) && host !== publicHost) {
    return { status: 403, error: 'The switches are changed from this machine only' };
  }
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (
    (site && site !== 'same-origin' && site !== 'none') ||
    (origin && origin !== `http://${host}`)
  ) {
    return { status: 403, error: 'The switches are not changed from another site' };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, error: 'Send the switches as JSON (Content-Type: application/json)' };
  }
  return undefined;
}

export async function startCourierSimulator(
  options: SimulatorOptions = {},
): Promise<CourierSimulator> {
  const orders = await OrderBook.open(
    options.storeDir ? new OrderStore(options.storeDir, options.logger) : undefined,
  );
  const simulator = new Simulator(options, orders);
  const server = createServer((request, response) => {
    simulator.handle(request, response).catch((error: unknown) => {
      options.logger?.error({ err: error }, 'courier simulator failed to answer');
      if (!response.headersSent) sendJson(response, 500, fail('Internal error in the simulator'));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  simulator.baseUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const listenHost = options.host ?? '127.0.0.1';
  const url = `http://${listenHost === '0.0.0.0' || listenHost === '::' ? 'localhost' : listenHost}:${port}`;
  return {
    url,
    port,
    ...(options.storeDir ? { storeDir: options.storeDir } : {}),
    settings: () => ({ ...simulator.settings }),
    control: (request) => simulator.control(request),
    calls: () => simulator.callCounts(),
    close: async () => {
      await new Promise<void>((resolve) => {
        simulator.closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await simulator.renderer?.close();
      await orders.idle();
    },
  };
}

/** The courier's API methods the simulator answers, by path. */
function apiRoutes(
  context: HandlerContext,
  quotes: QuoteBook,
  orders: OrderBook,
): Record<string, ApiRoute> {
  return {
    '/country/v2/getcountries': { call: 'countries', handle: (b) => getCountries(b, context) },
    '/quote/v2/getquote': { call: 'quote', handle: (b) => getQuote(b, context, false, quotes) },
    '/quote/v2/getquoteminimal': {
      call: 'quote',
      handle: (b) => getQuote(b, context, true, quotes),
    },
    '/commodity/v2/getcommodity': { call: 'commodity', handle: (b) => getCommodity(b, context) },
    '/book/v2/bookshipment': {
      call: 'book',
      handle: (b) => bookShipment(b, context, quotes, orders),
    },
    '/order/v2/getorderdocuments': {
      call: 'documents',
      handle: (b) => getOrderDocuments(b, context, orders),
    },
    '/order/v2/findorders': { call: 'find', handle: (b) => findOrders(b, context, orders) },
    // The method's area is not known: both likely paths answer.
    '/track/v2/trackorder': { call: 'track', handle: (b) => trackOrder(b, context, orders) },
    '/tracking/v2/trackorder': { call: 'track', handle: (b) => trackOrder(b, context, orders) },
    '/collection/v2/rebookcollection': {
      call: 'rebook',
      handle: (b) => rebookCollection(b, context, orders),
    },
    '/book/v2/cancelshipment': {
      call: 'cancel',
      handle: (b) => cancelShipment(b, context, orders),
    },
  };
}

/**
 * One simulator's state and its answers: its switches (`settings`), the calls it counts, the
 * calls it holds, and the requests it answers (the courier's API, its switches, its downloads and
 * tracking pages).
 */
class Simulator {
  settings: SimulatorSettings;
  /** Where its links point, once it listens. */
  baseUrl = '';
  readonly closing = new AbortController();
  /** Its own thread for the PDFs, started at the first booking and ended by `close()`. */
  readonly renderer: RenderPool | undefined;
  private readonly clock: Clock;
  private readonly logger: Logger | undefined;
  /** The host its links name, when it is reached by another name than this machine's. */
  private readonly publicHost: string | undefined;
  private readonly routes: Record<string, ApiRoute>;
  private readonly bookings: CallCounts['bookings'] = {};
  private readonly calls: Record<CallType, number> = {
    countries: 0,
    quote: 0,
    commodity: 0,
    book: 0,
    documents: 0,
    track: 0,
    rebook: 0,
    cancel: 0,
    find: 0,
  };
  /** Calls kept waiting by `hold`; each is let go when the settings change. */
  private readonly held = new Set<() => void>();

  constructor(
    options: SimulatorOptions,
    private readonly orders: OrderBook,
  ) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.publicHost = options.publicUrl ? new URL(options.publicUrl).host : undefined;
    const renderer = options.renderPdfs === 'this-thread' ? undefined : new RenderPool();
    this.renderer = renderer;
    const context: HandlerContext = {
      now: () => this.now(),
      recordBooking: (yourReference, booked) => {
        this.bookings[yourReference] = booked;
      },
      baseUrl: () => this.baseUrl,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      renderDocuments: async (order) =>
        renderer ? (await renderer.render(order)).documents : renderBookingDocuments(order),
    };
    this.routes = apiRoutes(context, new QuoteBook(), orders);
  }

  /** The simulator's "now": the clock it was given, moved by its own offset. */
  now(): Date {
    return new Date(this.clock.now().getTime() + this.settings.clockOffsetMs);
  }

  callCounts(): CallCounts {
    return {
      ...this.calls,
      cancellations: this.orders.cancellations(),
      bookings: { ...this.bookings },
      coverRaises: this.orders.coverRaises(),
    };
  }

  control(request: ControlRequest): SimulatorSettings {
    // Checked before anything changes: an unknown order or box changes nothing.
    const scenario = request.scenario;
    const order = scenario
      ? setScenario(this.orders, scenario.order, {
          name: scenario.name,
          ...(scenario.parcel === undefined ? {} : { parcel: scenario.parcel }),
        })
      : undefined;
    const base = request.reset ? { ...DEFAULT_SETTINGS } : this.settings;
    this.settings = {
      latencyMs: request.latencyMs ?? base.latencyMs,
      quote: request.quote ?? base.quote,
      commodity: request.commodity ?? base.commodity,
      book: request.book ?? base.book,
      track: request.track ?? base.track,
      rebook: request.rebook ?? base.rebook,
      cancel: request.cancel ?? base.cancel,
      find: request.find ?? base.find,
      clockOffsetMs: base.clockOffsetMs + (request.advanceMs ?? 0),
    };
    this.logger?.info(
      {
        settings: this.settings,
        ...(order ? { order: order.orderReference, scenario: order.scenario } : {}),
      },
      'courier simulator settings',
    );
    if (order) {
      this.orders.changed(order).catch((error: unknown) => {
        this.logger?.error(
          { err: error, order: order.orderReference },
          'scenario not kept on disk',
        );
      });
    }
    for (const release of [...this.held]) release();
    return { ...this.settings };
  }

  /** Answers one request: its switches, its call counts, a download, a tracking page, the API. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname.replace(/\/+$/, '').toLowerCase() || '/';
    const method = request.method ?? 'GET';
    if (path === '/__control') return this.handleControl(request, response, method);
    if (path === '/__calls' && method === 'GET') return sendJson(response, 200, this.callCounts());
    const readOnly = method === 'GET' || method === 'HEAD';
    const download = /^\/download\/(label|document)\/([a-z0-9]+)$/.exec(path);
    if (download?.[1] && download[2] && readOnly) {
      return this.sendDownload(response, download[1], download[2], method);
    }
    const track = /^\/track\/([a-z0-9-]+)$/.exec(path);
    if (track?.[1] && readOnly) {
      const order = this.orders.order(track[1]);
      if (!order) return sendText(response, 404, 'text/html; charset=utf-8', trackingNotFound());
      return sendText(response, 200, 'text/html; charset=utf-8', trackingPage(order, this.now()));
    }
    const route = this.routes[path];
    if (!route) {
      return sendJson(
        response,
        404,
        fail(`No HTTP resource was found that matches the request URI '${url.pathname}'`),
      );
    }
    if (method !== 'POST') {
      return sendJson(
        response,
        405,
        fail(`The requested resource does not support http method '${method}'`),
      );
    }
    return this.handleApi(route, path, request, response);
  }

  /** GET the switches, or POST new ones (from this machine only, as JSON). */
  private async handleControl(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
  ): Promise<void> {
    if (method === 'GET') return sendJson(response, 200, this.settings);
    if (method !== 'POST') return sendJson(response, 405, { error: 'POST or GET only' });
    const refusal = controlRefusal(request, this.publicHost);
    if (refusal) return sendJson(response, refusal.status, { error: refusal.error });
    const body = await readJson(request);
    const parsed = ControlSchema.safeParse(body.ok ? body.value : undefined);
    if (!parsed.success) {
      return sendJson(response, 400, {
        error: `Invalid control request: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
          .join('; ')}`,
        settings: this.settings,
      });
    }
    try {
      return sendJson(response, 200, this.control(parsed.data));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return sendJson(response, 400, {
        error: `Invalid control request: ${message}`,
        settings: this.settings,
      });
    }
  }

  /** A booked order's label or document, as the courier's download links serve it. */
  private sendDownload(response: ServerResponse, kind: string, id: string, method: string): void {
    const file = this.orders.file(id);
    if (!file) return sendText(response, 404, 'text/plain; charset=utf-8', 'Not found');
    response.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': file.length,
      'Content-Disposition': `inline; filename="${kind}-${id}.pdf"`,
    });
    response.end(method === 'HEAD' ? undefined : file);
  }

  /**
   * One API call: counted, delayed by the latency switch, held while its call type is on hold,
   * then answered as its switch says (normally, or failing in the chosen way).
   */
  private async handleApi(
    route: ApiRoute,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    this.calls[route.call]++;
    const body = await readJson(request);
    const started = performance.now();
    if (this.settings.latencyMs > 0) {
      const completed = await sleep(this.settings.latencyMs, request, this.closing.signal);
      if (!completed) return;
    }
    // Countries and an order's documents always answer: only the switched calls misbehave.
    const switched = (SWITCHED_CALLS as readonly string[]).includes(route.call)
      ? (route.call as SwitchedCall)
      : null;
    if (switched && !(await this.whileHeld(switched, request))) return;
    const behaviour: Behaviour = switched ? this.settings[switched] : 'normal';
    this.logger?.debug({ path, behaviour }, 'courier simulator call');
    if (misbehave(behaviour, route.call, response)) return;
    if (!body.ok) {
      return sendJson(response, 200, fail('Invalid Request: the body is not valid JSON'));
    }
    const reply = await route.handle(body.value);
    // The call is made, its reply never sent: the client's timeout ends it (a lost answer).
    if (behaviour === 'lost') return;
    this.logger?.debug(
      { path, status: reply.Status, ms: Math.round(performance.now() - started) },
      'courier simulator reply',
    );
    sendJson(response, 200, reply);
  }

  /** Waits while this call type is on hold; false when the client or the simulator went away. */
  private async whileHeld(call: SwitchedCall, request: IncomingMessage): Promise<boolean> {
    while (this.settings[call] === 'hold') {
      const stillThere = await new Promise<boolean>((resolve) => {
        const done = (value: boolean) => {
          this.held.delete(release);
          request.socket.off('close', gone);
          this.closing.signal.removeEventListener('abort', gone);
          resolve(value);
        };
        const release = () => done(true);
        const gone = () => done(false);
        this.held.add(release);
        request.socket.once('close', gone);
        this.closing.signal.addEventListener('abort', gone, { once: true });
      });
      if (!stillThere) return false;
    }
    return true;
  }
}

/** Answers a call as a misbehaving courier would; false when it is to be answered normally. */
function misbehave(behaviour: Behaviour, call: CallType, response: ServerResponse): boolean {
  switch (behaviour) {
    case 'hang':
      // Never answer: the client's timeout ends it (or the simulator closing).
      return true;
    case 'http500':
      sendText(response, 500, 'text/html', HTTP500_BODY);
      return true;
    case 'malformed':
      sendText(response, 200, 'application/json; charset=utf-8', MALFORMED_BODY);
      return true;
    case 'fail':
      sendJson(
        response,
        200,
        fail(`Simulated failure: the courier simulator is set to fail ${call} calls`),
      );
      return true;
    case 'normal':
    case 'hold':
    case 'lost':
      return false;
  }
}

async function readJson(
  request: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Waits, unless the client goes away or the simulator closes first; true when it waited. */
function sleep(ms: number, request: IncomingMessage, closing: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      request.socket.off('close', gone);
      closing.removeEventListener('abort', gone);
      resolve(completed);
    };
    const gone = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    request.socket.once('close', gone);
    closing.addEventListener('abort', gone, { once: true });
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  sendText(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function trackingPage(order: StoredOrder, now: Date): string {
  const collection = currentCollection(order);
  const boxes = trackingAt(order, now)
    .map((parcel) => {
      const rows = [...parcel.events]
        .reverse()
        .map((e) => {
          const when = londonClock(e.at);
          const reason = e.reason ? `<br><small>${escapeHtml(e.reason)}</small>` : '';
          return `<tr><td>${when.date} ${when.time}</td><td>${escapeHtml(e.code)}</td><td>${escapeHtml(e.description)}${reason}</td><td>${escapeHtml(e.location)}</td></tr>`;
        })
        .join('');
      const status = parcel.events.at(-1)?.description ?? 'No events yet';
      return `<section><h3>Box ${parcel.piece} of ${order.packageCount}: ${escapeHtml(parcel.parcelReference)}</h3>
<p><strong>Status:</strong> ${escapeHtml(status)}</p>
<table>${rows}</table></section>`;
    })
    .join('\n');
  const labels = order.labels
    .map(
      (l) =>
        `<li><a href="/Download/Label/${l.token}/">Label (${escapeHtml(l.size)}), PDF</a></li>`,
    )
    .concat(
      order.documents.map(
        (d) => `<li><a href="/Download/Document/${d.token}/">${escapeHtml(d.type)}, PDF</a></li>`,
      ),
    )
    .join('');
  const title = `Tracking ${escapeHtml(order.orderReference)}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}td{padding:.25rem .75rem .25rem 0;vertical-align:top}.note{color:#a00}</style>
</head><body>
<p class="note">Courier simulator: not a real shipment.</p>
<h1>${title}</h1>
<dl>
<dt>Air waybill</dt><dd>${escapeHtml(order.airWaybill)}</dd>
<dt>Service</dt><dd>${escapeHtml(order.serviceName)} (${escapeHtml(order.carrierName)})</dd>
<dt>Packages</dt><dd>${order.packageCount}</dd>
<dt>From</dt><dd>${escapeHtml(order.from.city)}, ${escapeHtml(order.from.country)}</dd>
<dt>To</dt><dd>${escapeHtml(order.to.city)}, ${escapeHtml(order.to.country)}</dd>
<dt>Collection</dt><dd>${escapeHtml(collection.collectionDate)} from ${escapeHtml(collection.readyFrom)}</dd>
${order.cancellation ? `<dt>Cancelled</dt><dd>${escapeHtml(apiDateTime(order.cancellation.at))}</dd>` : ''}
</dl>
<h2>Events, per box (UK time)</h2>
${boxes}
<h2>Documents</h2><ul>${labels}</ul>
</body></html>`;
}

function trackingNotFound(): string {
  return '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Order not found</title></head><body><h1>Order not found</h1><p>No order has this reference.</p></body></html>';
}
