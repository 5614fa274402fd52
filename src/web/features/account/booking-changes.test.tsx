import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOOKED_VIEW } from './booking-changes.fixture.js';
import { CancelPart } from './booking-changes.js';

const render = (now: string) =>
  renderToStaticMarkup(
    <CancelPart
      view={BOOKED_VIEW}
      now={new Date(now)}
      reference="BA-7K2M9QXD"
      pricePence={14_299}
      onCancelled={() => {}}
    />,
  );

describe('CancelPart (cancelling a booking from Manage my booking)', () => {
  it('says when the collection window opens, and how long until then, before it opens', () => {
    const html = render('2026-11-30T09:00:00.000Z');
    expect(html).toContain('The collection window opens');
    expect(html).not.toContain('opened');
  });

  it('says the window has opened once the site’s clock has passed it, with no time left to count', () => {
    const html = render('2026-12-01T09:30:00.000Z');
    expect(html).toContain('The collection window opened');
    expect(html).not.toContain('opens');
  });
});
