import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BusyButton } from './busy-button.js';

const render = (busy: boolean, type?: 'button') =>
  renderToStaticMarkup(
    <BusyButton
      type={type}
      className="button button--primary"
      busy={busy}
      busyLabel="Saving the address"
      busyText="Saving…"
    >
      Continue
    </BusyButton>,
  );

describe('BusyButton', () => {
  it('is a submit button with its label while idle', () => {
    expect(render(false)).toBe(
      '<button type="submit" class="button button--primary">Continue</button>',
    );
  });

  it('says what it is doing while busy, and stays focusable but aria-disabled', () => {
    const html = render(true);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain(' disabled=""');
    expect(html).toContain('<span class="visually-hidden">Saving the address</span>');
    expect(html).toContain('</span> Saving…</button>');
    expect(html).not.toContain('Continue');
  });

  it('can be a plain button outside a form’s submit', () => {
    expect(render(false, 'button')).toContain('<button type="button"');
  });
});
