/**
 * The courier simulator's behaviour switches (docs/providers.md), for the specs of the
 * provider-failures project only (playwright.config.ts): they run alone, after every other spec.
 */
export async function courierControl(settings: Record<string, unknown>): Promise<void> {
  const port = process.env.E2E_COURIER_PORT;
  if (!port) throw new Error('E2E_COURIER_PORT is not set (see playwright.config.ts)');
  const response = await fetch(`http://127.0.0.1:${port}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`courier control failed: ${response.status}`);
}

/** How many API calls of each type the courier simulator has answered since it started. */
export async function courierCalls(): Promise<
  Record<'countries' | 'quote' | 'commodity' | 'book', number>
> {
  const port = process.env.E2E_COURIER_PORT;
  if (!port) throw new Error('E2E_COURIER_PORT is not set (see playwright.config.ts)');
  const response = await fetch(`http://127.0.0.1:${port}/__calls`);
  if (!response.ok) throw new Error(`courier calls failed: ${response.status}`);
  return (await response.json()) as Record<'countries' | 'quote' | 'commodity' | 'book', number>;
}
