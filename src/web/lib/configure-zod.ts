import { z } from 'zod';

// zod probes for `new Function` to compile fast parsers; our Content-Security-Policy forbids
// eval, so the probe is reported as a CSP violation. Parse without it (fast enough for forms).
// Import this module (for its effect) in every web module that parses with zod.
z.config({ jitless: true });
