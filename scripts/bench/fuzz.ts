// `npm run fuzz`: hostile input against every route of the API, as each kind of caller, local
// only and bounded. Starts the production build on a free port of 127.0.0.1 with a throw-away
// embedded database, reads the routes from GET /api/openapi.json, and sends FUZZ_REQUESTS
// (default 10,000, shared equally between the roles) malformed, mutated, oversized and wrongly
// typed requests, a few at a time, as each role: anonymous (no cookie), a guest with a draft
// order, a signed-in customer with an order of their own, and an operator signed in with the
// second factor. Fails (exit 1) on any 5xx answer or when /readyz stops answering 200 (checked
// every 250 requests); prints the counts by status for each role. Deterministic for a given
// FUZZ_SEED.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  root,
  startSandboxServer,
  UNTHROTTLED,
  type SandboxServer,
} from '../lib/sandbox-server.js';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
let seed = Number(process.env.FUZZ_SEED ?? 20261123) >>> 0;

/** Any value a request body or parameter may carry, sensible or not. */
type Value = null | boolean | number | string | Value[] | { [key: string]: Value };
/** The parts of an OpenAPI JSON schema the fuzz reads. */
interface Schema {
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: Value;
  enum?: Value[];
  default?: Value;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  format?: string;
}
interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema } | undefined> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}
/** The fields of the API's answers the fuzz reads. */
interface Answer {
  id?: string;
  reference?: string;
  parcels?: { key: string }[];
  secret?: string;
  secondStepRequired?: boolean;
}

/** A small deterministic generator (mulberry32). */
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const chance = (p: number) => random() < p;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\uD800',
  '\uFFFF',
  '💥'.repeat(50),
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\r\nX-Injected: 1',
  'x'.repeat(10_000),
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const NASTY_VALUES: readonly Value[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [null],
  { __proto__: { polluted: true } } as Value,
  { constructor: { prototype: { polluted: true } } },
];

function nastyValue(): Value {
  return chance(0.6) ? pick(NASTY_STRINGS) : pick(NASTY_VALUES);
}

/** A plausible value for a JSON schema, before mutation. */
function sample(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): Value {
  if (!schema || depth > 6) return null;
  if (schema.$ref)
    return sample(components[schema.$ref.split('/').pop() ?? ''], components, depth + 1);
  for (const key of ['anyOf', 'oneOf'] as const)
    if (schema[key]) return sample(pick(schema[key] ?? []), components, depth + 1);
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((s) => sample(s, components, depth + 1)));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(schema.enum);
  if (schema.default !== undefined && chance(0.3)) return schema.default;
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Value> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(name) || chance(0.7))
          out[name] = sample(prop, components, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        sample(schema.items, components, depth + 1),
      );
    case 'integer':
      return Math.floor((schema.minimum ?? 0) + random() * 5);
    case 'number':
      return (schema.minimum ?? 0) + random() * 10;
    case 'boolean':
      return chance(0.5);
    case 'string':
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date') return '2026-12-01';
      return 'Fuzz text';
    default:
      return null;
  }
}

/** One mutation of a value: a field replaced, removed, added, or the whole thing replaced. */
function mutate(value: Value): Value {
  if (value && typeof value === 'object' && !Array.isArray(value) && chance(0.85)) {
    const copy = structuredClone(value);
    const keys = Object.keys(copy);
    const key = keys.length ? pick(keys) : 'extra';
    const roll = random();
    if (roll < 0.45) copy[key] = chance(0.3) ? mutate(copy[key] ?? null) : nastyValue();
    else if (roll < 0.6) Reflect.deleteProperty(copy, key);
    else if (roll < 0.7) copy[`extra${Math.floor(random() * 5)}`] = nastyValue();
    else if (roll < 0.85)
      for (const k of keys)
        if (chance(0.5)) copy[k] = nastyValue();
        else {
          let deep: { a?: Value } = {};
          const root = deep;
          for (let i = 0; i < 2000; i += 1) deep = deep.a = {};
          copy[key] = root;
        }
    return copy;
  }
  return nastyValue();
}

function fillPath(path: string, params: Record<string, Value | undefined>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(params[name] ?? 'x');
    try {
      return encodeURIComponent(value);
    } catch {
      // A lone surrogate has no UTF-8 form: send the raw bytes a careless client would.
      return '%ED%A0%80';
    }
  });
}

function querystring(parameters: Parameter[]) {
  const query = new URLSearchParams();
  for (const p of parameters.filter((p) => p.in === 'query')) {
    if (!chance(0.85)) continue;
    const base = p.schema?.type === 'string' ? 'Books' : String(sample(p.schema ?? {}, {}));
    query.set(p.name, chance(0.5) ? String(nastyValue()) : base);
  }
  if (chance(0.1)) query.set('unexpected', pick(NASTY_STRINGS));
  const text = query.toString();
  return text ? `?${text}` : '';
}

const QUOTE = {
  collection: { countryId: 231, postcode: 'SW1A 1AA' },
  destination: { countryId: 73, postcode: '75001' },
  smallBoxes: 1,
  largeBoxes: 1,
};
/** Select on /quote: an order starts with the chosen service. */
const SELECT = { quote: QUOTE, service: 'express' };
const OPERATOR = { email: 'fuzz.operator@example.com', password: 'fuzz operator password 1' };
const CUSTOMER = {
  name: 'Fuzz Customer',
  email: 'fuzz.customer@example.com',
  password: 'fuzz customer password 1',
};
/** Signing out would make the rest of a signed-in role's requests anonymous ones. */
const ENDS_THE_SESSION = new Set(['DELETE /api/v1/session']);

/** One caller: its own cookies, kept as a browser keeps them, and the site's Origin on writes. */
class Caller {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  headers() {
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  async send(method: string, path: string, body?: Value) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.headers(),
        ...(method === 'GET' ? {} : { origin: this.base }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    this.keep(response);
    return response;
  }
  async expect(method: string, path: string, body: Value | undefined, status: number) {
    const response = await this.send(method, path, body);
    if (response.status !== status) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as Answer;
  }
}

/** An operator made as `npm run admin:create` makes one, on the data directory before the site opens it. */
function createOperator(dataDir: string) {
  const made = spawnSync(
    process.execPath,
    [
      join(root, 'dist/server/cli/admin.cli.js'),
      '--email',
      OPERATOR.email,
      '--password',
      OPERATOR.password,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PROVIDERS: 'true',
        SMTP_URL: '',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    },
  );
  if (made.status !== 0) throw new Error('admin:create failed (see its message above)');
}

/**
 * The code an authenticator app shows for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s), now
 * or `periodsFromNow` periods away (the site accepts the next period's too).
 */
function totp(secret: string, periodsFromNow = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + periodsFromNow));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The token of the sign-up link emailed to `email`, from the local mailbox once delivered. */
async function signUpToken(base: string, email: string) {
  for (let i = 0; i < 100; i += 1) {
    const list = await (await fetch(`${base}/dev/mail`)).text();
    const row = list
      .split('<tr')
      .find((r) => r.includes(email) && r.includes('Finish creating your BoxAbroad account'));
    const id = row && /href="\/dev\/mail\/(\d+)"/.exec(row)?.[1];
    if (id) {
      const body = await (await fetch(`${base}/dev/mail/${id}/html`)).text();
      const token = /\/signup\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(body)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-up link reached ${email}`);
}

/** Each role's caller, signed in as the role is, with the ids its requests use. */
async function roles(base: string) {
  const anonymous = new Caller(base);
  const guest = new Caller(base);
  const guestOrder = await guest.expect('POST', '/api/v1/orders', SELECT, 201);

  // A customer signs up as a person does: the form, then the link emailed to them (read from the
  // local mailbox), opened in the same browser.
  const customer = new Caller(base);
  await customer.expect('POST', '/api/v1/orders', SELECT, 201);
  await customer.expect('POST', '/api/v1/account', CUSTOMER, 202);
  await customer.expect(
    'POST',
    '/api/v1/account/sign-up-confirmations',
    { token: await signUpToken(base, CUSTOMER.email) },
    200,
  );
  const customerOrder = await customer.expect('POST', '/api/v1/orders', SELECT, 201);

  // The operator sets up two-step sign-in (the console refuses every route until it does), then
  // signs in again as an operator always will: the password, then a code from the app.
  const operator = new Caller(base);
  await operator.expect('POST', '/api/v1/session', OPERATOR, 200);
  const { secret } = await operator.expect(
    'POST',
    '/api/v1/account/two-factor',
    { password: OPERATOR.password },
    201,
  );
  if (!secret) throw new Error('two-step sign-in was set up without a secret');
  await operator.expect('PUT', '/api/v1/account/two-factor', { code: totp(secret) }, 200);
  await operator.expect('DELETE', '/api/v1/session', undefined, 200);
  const pending = await operator.expect('POST', '/api/v1/session', OPERATOR, 200);
  if (!pending.secondStepRequired) throw new Error('the operator signed in without a second step');
  await operator.expect(
    'POST',
    '/api/v1/session/second-step',
    // Each code works once: the one that confirmed the setup is spent, so the next period's.
    { method: 'app', code: totp(secret, 1) },
    200,
  );

  const params = (order: Answer): Record<string, Value | undefined> => ({
    id: order.id,
    parcelKey: order.parcels?.[0]?.key,
    role: 'collection',
    reference: order.reference,
  });
  return [
    { name: 'anonymous', caller: anonymous, params: {} as Record<string, Value | undefined> },
    { name: 'guest', caller: guest, params: params(guestOrder) },
    { name: 'customer', caller: customer, params: params(customerOrder) },
    // The console opens any order: the guest's.
    { name: 'operator', caller: operator, params: params(guestOrder) },
  ];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-fuzz-'));
  let server: SandboxServer;
  try {
    if (!existsSync(join(root, 'dist/server/main.js'))) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
    createOperator(dataDir);
    server = await startSandboxServer({
      dataDir,
      env: {
        ...UNTHROTTLED,
        // The fuzz is about input; an event loop slowed by this machine's other work is not a bug.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { base, stop } = server;
  const report: {
    role: string;
    sent: number;
    statuses: Map<number | string, number>;
    fiveHundreds: number;
    signedInAtEnd: string;
  }[] = [];
  const failures: string[] = [];
  let readyzChecks = 0;
  try {
    const spec = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApi;
    const components = spec.components?.schemas ?? {};
    const routes: {
      path: string;
      method: string;
      parameters: Parameter[];
      body: Schema | undefined;
    }[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        const body = operation.requestBody?.content?.['application/json']?.schema;
        routes.push({
          path,
          method: method.toUpperCase(),
          parameters: operation.parameters ?? [],
          body,
        });
      }
    }

    const started = performance.now();
    const all = await roles(base);
    const perRole = Math.ceil(TOTAL / all.length);
    let sentInAll = 0;
    for (const role of all) {
      const statuses = new Map<number | string, number>();
      const roleFailures: string[] = [];
      const routesOfRole =
        role.name === 'anonymous' || role.name === 'guest'
          ? routes
          : routes.filter((r) => !ENDS_THE_SESSION.has(`${r.method} ${r.path}`));
      let sent = 0;
      const oneRequest = async () => {
        const route = pick(routesOfRole);
        const params: Record<string, Value> = {};
        for (const p of route.parameters.filter((p) => p.in === 'path')) {
          params[p.name] = chance(0.6)
            ? (role.params[p.name] ?? crypto.randomUUID())
            : String(nastyValue());
        }
        const url = `${base}${fillPath(route.path, params)}${querystring(route.parameters)}`;
        // The site's own Origin, as its pages send: without it every write stops at the same-site check.
        const headers: Record<string, string> = { ...role.caller.headers(), origin: base };
        let body: string | undefined;
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          const roll = random();
          const valid = sample(route.body ?? { type: 'object' }, components);
          headers['content-type'] = 'application/json';
          if (roll < 0.55) body = JSON.stringify(mutate(valid));
          else if (roll < 0.65) body = JSON.stringify(valid);
          else if (roll < 0.72)
            body = JSON.stringify(valid).slice(0, -3); // truncated JSON
          else if (roll < 0.78)
            body = 'x'.repeat(70_000 + Math.floor(random() * 200_000)); // oversized
          else if (roll < 0.84) {
            headers['content-type'] = pick([
              'text/plain',
              'application/xml',
              'multipart/form-data',
              '',
            ]);
            body = JSON.stringify(valid);
          } else if (roll < 0.9) body = JSON.stringify(pick([[], 'text', 42, null, true]));
          else if (roll < 0.95) body = '';
          else body = JSON.stringify(valid).replace(/"/, '"\u0000');
        }
        let status: number | string;
        try {
          const res = await fetch(url, { method: route.method, headers, body });
          // A session renewed or a guest cookie replaced: kept, as a browser would.
          role.caller.keep(res);
          status = res.status;
          const text = await res.text();
          if (status >= 500)
            roleFailures.push(
              `${role.name}: ${route.method} ${route.path} → ${status}: ${text.slice(0, 200)}`,
            );
        } catch (error) {
          status = 'network error';
          roleFailures.push(
            `${role.name}: ${route.method} ${route.path} → ${(error as Error).message}`,
          );
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      };

      const worker = async () => {
        while (sent < perRole) {
          sent += 1;
          sentInAll += 1;
          const n = sentInAll;
          await oneRequest();
          if (n % 250 === 0) {
            readyzChecks += 1;
            const ready = await fetch(`${base}/readyz`).then(
              (r) => r.status,
              () => 0,
            );
            if (ready !== 200) failures.push(`/readyz answered ${ready} after ${n} requests`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      // Still signed in as the role at the end: its requests were the role's all along.
      const session = await role.caller.send('GET', '/api/v1/session');
      const user = ((await session.json()) as { user?: { role?: string } }).user;
      report.push({
        role: role.name,
        sent,
        statuses,
        fiveHundreds: roleFailures.length,
        signedInAtEnd: user?.role ?? 'no',
      });
      failures.push(...roleFailures);
    }
    const finalReady = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (finalReady !== 200) failures.push(`/readyz answered ${finalReady} at the end`);
    readyzChecks += 1;

    console.log(
      `\nFuzz: ${sentInAll} requests over ${routes.length} routes as ${all.length} roles in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${process.env.FUZZ_SEED ?? 20261123})`,
    );
    for (const { role, sent, statuses, fiveHundreds, signedInAtEnd } of report) {
      const counts = [...statuses]
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      console.log(
        `  ${role.padEnd(9)} ${sent} requests, 5xx or no answer: ${fiveHundreds} (signed in at the end: ${signedInAtEnd}) | ${counts}`,
      );
    }
    console.log(
      `/readyz checks: ${readyzChecks}, all 200: ${!failures.some((f) => f.startsWith('/readyz'))}`,
    );
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.length} problems`);
    for (const failure of failures.slice(0, 30)) console.error(`  ${failure}`);
    process.exit(1);
  }
  console.log('No 5xx as any role; /readyz stayed 200.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
