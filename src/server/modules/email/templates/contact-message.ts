import { headerText } from '../mail-headers.js';
import type { RenderedMail } from './layout.js';
import { html, multiline } from './html.js';
import { heading, framedMail, paragraph, textLayout } from './layout.js';
import { formatLondon } from '#src/domain/london-time.js';

/** A message sent through the Contact us form (docs/product-rules.md, "Contact us"), as stored. */
export interface ContactEmailInput {
  /** The stored contact message's id: one email per message. */
  id: string;
  firstName: string;
  lastName: string;
  company?: string;
  email: string;
  phone?: string;
  message: string;
  /** The form's agreement toggle, when the form has one. */
  newsOptIn?: boolean;
  /** When the site received it. */
  receivedAt: Date;
}

function fullName(input: ContactEmailInput): string {
  return [input.firstName, input.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}

/** The email to the sales mailbox; its Reply-To is the visitor (set by the caller). */
export function renderContactMessage(
  input: ContactEmailInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const name = fullName(input) || input.email || 'a visitor';
  const subject = `Contact form: ${headerText(name, 120)}`;
  const rows: [string, string][] = [
    ['Name', fullName(input)],
    ['Company', input.company ?? ''],
    ['Email', input.email],
    ['Phone', input.phone ?? ''],
    ['Received', formatLondon(input.receivedAt, 'sentence')],
    ...(input.newsOptIn === undefined
      ? []
      : [['Agreed to news', input.newsOptIn ? 'Yes' : 'No'] as [string, string]]),
  ];
  const body = html`${heading('New message from the contact form')}
    <table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 16px">
      ${rows.map(
        ([label, value]) =>
          html`<tr>
            <td valign="top" style="padding:2px 16px 2px 0;color:#5a6675">${label}</td>
            <td style="padding:2px 0">${value || '—'}</td>
          </tr>`,
      )}
    </table>
    <div style="padding:12px 16px;background:#f3f5f8;border-radius:6px;white-space:normal">
      ${multiline(input.message)}
    </div>
    ${paragraph(html`<br />Reply to this email to answer ${name}.`)}`;
  const text = textLayout(
    [
      'New message from the contact form',
      '',
      ...rows.map(([label, value]) => `${label}: ${value || '—'}`),
      '',
      'Message:',
      input.message,
      '',
      `Reply to this email to answer ${name}.`,
    ],
    context.siteUrl,
  );
  return framedMail(
    {
      subject,
      preheader: input.message.slice(0, 120),
      body,
      text,
    },
    context,
  );
}
