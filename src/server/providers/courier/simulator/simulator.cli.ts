/**
 * Runs the courier simulator on its own:
 *   npm run courier:simulator -- --port 4010 [--host 127.0.0.1] [--latency-ms 0]
 *     [--quote normal|fail|http500|hang|malformed|hold|lost] [--commodity …] [--book …] [--track …]
 *     [--rebook …] [--cancel …] [--public-url http://localhost:4010] [--api-key KEY --password PASSWORD]
 *     [--store DIR]
 * Without --api-key/--password any non-empty credentials are accepted. With --store, what it
 * books is kept in DIR and loaded again at the next start; without, it is forgotten at exit.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { BEHAVIOURS, ControlSchema, startCourierSimulator } from './simulator.server.js';
import { errorMessage } from '#src/server/error-message.js';
import { keepNewFilesPrivate } from '#src/server/private-files.js';

// Its store holds labels with names and addresses: for this machine account only (decision 114).
keepNewFilesPrivate();

const usage = `Usage: npm run courier:simulator -- [--port 4010] [--host 127.0.0.1] [--latency-ms 0]
  [--quote|--commodity|--book|--track|--rebook|--cancel ${BEHAVIOURS.join('|')}] [--public-url URL]
  [--api-key KEY --password PASSWORD] [--store DIR]`;

function fatal(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'latency-ms': { type: 'string' },
      quote: { type: 'string' },
      commodity: { type: 'string' },
      book: { type: 'string' },
      track: { type: 'string' },
      rebook: { type: 'string' },
      cancel: { type: 'string' },
      store: { type: 'string' },
      'public-url': { type: 'string' },
      'api-key': { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }));
} catch (error) {
  fatal(errorMessage(error));
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fatal(`--port: not a port: ${values.port}`);
const settings = ControlSchema.safeParse({
  ...(values['latency-ms'] === undefined ? {} : { latencyMs: Number(values['latency-ms']) }),
  ...(values.quote ? { quote: values.quote } : {}),
  ...(values.commodity ? { commodity: values.commodity } : {}),
  ...(values.book ? { book: values.book } : {}),
  ...(values.track ? { track: values.track } : {}),
  ...(values.rebook ? { rebook: values.rebook } : {}),
  ...(values.cancel ? { cancel: values.cancel } : {}),
});
if (!settings.success) {
  fatal(settings.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
}
if (!!values['api-key'] !== !!values.password) fatal('--api-key and --password go together');

const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'courier-simulator' },
});
const simulator = await startCourierSimulator({
  port,
  host: values.host,
  ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  ...(values['api-key'] && values.password
    ? { credentials: { apiKey: values['api-key'], password: values.password } }
    : {}),
  settings: settings.data,
  ...(values.store ? { storeDir: resolve(values.store) } : {}),
  logger,
});
logger.info({ url: simulator.url, settings: simulator.settings() }, 'courier simulator listening');
process.stderr.write(`\n  Courier simulator listening on ${simulator.url}\n\n`);

const stop = () => {
  void simulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
