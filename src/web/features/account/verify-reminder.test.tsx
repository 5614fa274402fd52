import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#src/domain/accounts.js';
import { VerifyReminder } from './verify-reminder.js';

const user: SessionUser = {
  id: 'u-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: false,
  role: 'customer',
  twoFactorEnabled: false,
};

describe('VerifyReminder (the top of /account)', () => {
  it('reminds an unverified account, naming its email, with "Send the link again"', () => {
    const html = renderToStaticMarkup(<VerifyReminder user={user} />);
    expect(html).toContain(
      '<h2 id="verify-reminder-title" class="notice__title">Confirm your email address</h2>',
    );
    expect(html).toContain('Your email, <strong>ada@example.com</strong>, is not verified yet.');
    expect(html).toContain('>Send the link again</button>');
    expect(html).toContain('aria-labelledby="verify-reminder-title"');
  });

  it('says nothing once the email is verified', () => {
    expect(renderToStaticMarkup(<VerifyReminder user={{ ...user, emailVerified: true }} />)).toBe(
      '',
    );
  });
});
