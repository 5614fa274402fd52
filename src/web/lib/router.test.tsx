import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { routeElement, useParams } from './router.js';

function Order() {
  const { reference } = useParams();
  return <p>order {reference}</p>;
}

function Params() {
  return <p>{JSON.stringify(useParams())}</p>;
}

const ROUTES = {
  '/': <p>home</p>,
  '/account': <p>account</p>,
  '/account/orders/:reference': <Order />,
  '/account/orders/new': <p>fixed wins</p>,
  '/a/:first/b/:second': <Params />,
};

const show = (pathname: string) =>
  renderToStaticMarkup(<>{routeElement(ROUTES, <p>not found</p>, pathname)}</>);

describe('Routes', () => {
  it('shows fixed paths, with or without a trailing slash', () => {
    expect(show('/')).toBe('<p>home</p>');
    expect(show('/account')).toBe('<p>account</p>');
    expect(show('/account/')).toBe('<p>account</p>');
  });

  it('gives a pattern its parameters, decoded', () => {
    expect(show('/account/orders/BA-12345')).toBe('<p>order BA-12345</p>');
    expect(show('/account/orders/BA-12345/')).toBe('<p>order BA-12345</p>');
    expect(show('/account/orders/a%20b')).toBe('<p>order a b</p>');
    expect(show('/a/1/b/2')).toBe(`<p>${escape({ first: '1', second: '2' })}</p>`);
  });

  it('prefers a fixed path over a pattern that also matches it', () => {
    expect(show('/account/orders/new')).toBe('<p>fixed wins</p>');
  });

  it('shows the fallback for any other path', () => {
    expect(show('/nope')).toBe('<p>not found</p>');
    expect(show('/account/orders')).toBe('<p>not found</p>');
    expect(show('/account/orders/')).toBe('<p>not found</p>');
    expect(show('/account/orders/BA-1/labels')).toBe('<p>not found</p>');
    expect(show('/account/orders//x')).toBe('<p>not found</p>');
    expect(show('/a/1/b')).toBe('<p>not found</p>');
    expect(show('/Account')).toBe('<p>not found</p>');
    // Not valid percent-encoding: no page, rather than a crash.
    expect(show('/account/orders/%E0%A4%A')).toBe('<p>not found</p>');
  });
});

function escape(value: unknown): string {
  return JSON.stringify(value).replaceAll('"', '&quot;');
}
