import { z } from 'zod';

/**
 * The one zod every shared schema is built with. In a browser, zod runs jitless: its JIT probes
 * `new Function`, which our Content-Security-Policy forbids (the probe runs when the first object
 * schema is created, so the setting must come before any schema exists: here, at import).
 * The server keeps the faster JIT.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
