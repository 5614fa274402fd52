import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The text of the PDF the app serves at `url` (a 200 expected), as `pdftotext -layout` reads it. */
export async function pdfText(app: FastifyInstance, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'boxabroad-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, response.rawPayload);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
