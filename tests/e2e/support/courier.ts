/**
 * The courier simulator's behaviour switches (docs/providers.md), for specs in
 * provider-failures.spec.ts only: they run alone, after every other spec.
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
