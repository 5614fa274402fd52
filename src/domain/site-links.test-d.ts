// Type test, never run: `npm run typecheck` fails when an `@ts-expect-error` line stops failing.
import { hrefOf } from './site-links.js';

export function links(): string[] {
  return [
    hrefOf('faq'),
    hrefOf('quote', undefined, { country: 'US' }),
    hrefOf('accountOrder', { reference: 'BA-7K2M9Q' }),
    hrefOf('adminOrder', { id: '42' }, undefined, 'timeline'),
    // @ts-expect-error a page that is not in the table
    hrefOf('quotes'),
    // @ts-expect-error a page whose path has a parameter, without it
    hrefOf('accountOrder'),
    // @ts-expect-error a parameter the path does not have
    hrefOf('accountOrder', { id: 'BA-7K2M9Q' }),
    // @ts-expect-error parameters for a fixed path
    hrefOf('faq', { reference: 'BA-7K2M9Q' }),
  ];
}
