import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { sendNotFound } from '../http/errors.js';
import { type MailDeps, html, type SafeHtml } from '../modules/email/index.js';
import type { LocalMailbox } from '../providers/email/local-mailbox.js';
import { sampleBookingConfirmation } from './sample-mail.js';

/**
 * The message's own HTML is shown in a sandboxed frame of its own (an opaque origin: no cookies,
 * no access to the page) where no script may run (script-src 'none') and nothing but images may
 * load. The sandbox allows scripts only so that test tools (axe) can inspect the frame; the CSP
 * still blocks every script of the message.
 */
const MESSAGE_HTML_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  'img-src data: https: http:',
  "style-src 'unsafe-inline'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

const PAGE_STYLE = `
body{margin:0;font-family:system-ui,sans-serif;color:#1b2430;background:#f3f5f8;line-height:1.5}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:0 0 8px}h2{font-size:1.15rem;margin:24px 0 8px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #d5dbe3;vertical-align:top}
th{white-space:nowrap}td{overflow-wrap:anywhere;min-width:5em}
.scroll{overflow-x:auto}
a{color:#0b5cad}button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #0b5cad;background:#0b5cad;color:#fff;cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:900px;border:1px solid #d5dbe3;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;overflow-wrap:anywhere}
.status-failed,.status-unknown{color:#a3190f;font-weight:600}`;

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · BoxAbroad development</title>
        <style>
          ${PAGE_STYLE}
        </style>
      </head>
      <body>
        <main aria-label="Development mailbox">${body}</main>
      </body>
    </html>`.value;
}

function sendPage(reply: FastifyReply, title: string, body: SafeHtml) {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

function time(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/** The next Monday–Friday after `now`, as `YYYY-MM-DD` (good enough for a sample). */
function nextWeekday(now: Date): string {
  const day = new Date(now.getTime());
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/**
 * `/dev/mail`: the local mailbox (what the site "sent" while no SMTP_URL is set) and the
 * outbox's state. Registered only when the local mailbox is the transport, which in production
 * requires ALLOW_SANDBOX_PROVIDERS=true (docs/email.md). The mailbox holds every email the site
 * sent: app.ts registers these routes for loopback clients only (the `loopback` access rule), and
 * their forms are refused from another site's page like every state-changing request.
 */
export function devMailRoutes(options: {
  mail: MailDeps;
  mailbox: LocalMailbox;
  database: Database;
  clock: Clock;
  siteUrl: string;
}) {
  const { mail, mailbox, database, clock } = options;
  return async function register(app: FastifyInstance) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    app.get<{ Querystring: { sent?: string } }>('/dev/mail', async (request, reply) => {
      const sent = typeof request.query.sent === 'string' ? request.query.sent.slice(0, 40) : '';
      const [messages, outbox] = await Promise.all([
        mailbox.list(),
        mail.outbox.list({ limit: 50 }),
      ]);
      return sendPage(reply, 'Local mailbox', mailboxPage(messages, outbox, sent));
    });

    app.post('/dev/mail/sample', async (_request, reply) => {
      const now = clock.now();
      const input = await sampleBookingConfirmation(options.siteUrl, nextWeekday(now), now);
      await database.transaction((tx) => mail.emails.sendTo(tx, 'dev-sample', input));
      mail.worker.wake();
      return reply.redirect(`/dev/mail?sent=${encodeURIComponent(input.orderReference)}`, 303);
    });

    app.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
      const message = await load(mailbox, request.params.id);
      if (!message) return sendNotFound(request, reply);
      return sendPage(reply, message.parsed.subject || 'Message', messagePage(message));
    });

    app.get<{ Params: { id: string } }>('/dev/mail/:id/html', async (request, reply) => {
      const message = await load(mailbox, request.params.id);
      if (!message?.parsed.html) return sendNotFound(request, reply);
      return reply
        .header('content-security-policy', MESSAGE_HTML_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(message.parsed.html);
    });

    app.get<{ Params: { id: string; index: string } }>(
      '/dev/mail/:id/attachments/:index',
      async (request, reply) => {
        const message = await load(mailbox, request.params.id);
        const attachment = message?.parsed.attachments[Number(request.params.index)];
        if (!attachment || !/^\d+$/.test(request.params.index)) {
          return sendNotFound(request, reply);
        }
        const filename = (attachment.filename ?? 'attachment').replace(/[^\w.-]+/g, '_');
        return reply
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .type(attachment.contentType || 'application/octet-stream')
          .send(attachment.content);
      },
    );

    app.get<{ Params: { id: string } }>('/dev/mail/:id/raw', async (request, reply) => {
      const message = await load(mailbox, request.params.id);
      if (!message) return sendNotFound(request, reply);
      return reply
        .header('content-disposition', `attachment; filename="message-${message.id}.eml"`)
        .header('cache-control', 'no-store')
        .type('message/rfc822')
        .send(message.raw);
    });
  };
}

async function load(mailbox: LocalMailbox, id: string) {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  return mailbox.get(Number(id));
}

type MailboxMessages = Awaited<ReturnType<LocalMailbox['list']>>;
type OutboxEntries = Awaited<ReturnType<MailDeps['outbox']['list']>>;
type MailboxMessage = NonNullable<Awaited<ReturnType<typeof load>>>;

/** `/dev/mail`: the messages the site sent, newest first, and the outbox's latest rows. */
function mailboxPage(messages: MailboxMessages, outbox: OutboxEntries, sent: string): SafeHtml {
  return html`<h1>Local mailbox</h1>
    <p>
      Every email the site sent while no <code>SMTP_URL</code> is set, exactly as it would have gone
      out. Newest first.
    </p>
    <form method="post" action="/dev/mail/sample">
      <button type="submit">Send a sample booking confirmation</button>
    </form>
    ${
      sent
        ? html`<p role="status">Sample ${sent} is in the outbox; reload to see it arrive.</p>`
        : ''
    }
    <h2>Messages (${messages.length})</h2>
    ${messagesTable(messages)}
    <h2>Outbox (latest ${outbox.length})</h2>
    ${outboxTable(outbox)}`;
}

function messagesTable(messages: MailboxMessages): SafeHtml {
  return scrollTable('Messages', 'No messages yet.', messages, [
    ['Received', (m) => time(m.receivedAt)],
    ['To', (m) => m.envelopeTo],
    ['Subject', (m) => html`<a href="/dev/mail/${m.id}">${m.subject || '(no subject)'}</a>`],
  ]);
}

function outboxTable(outbox: OutboxEntries): SafeHtml {
  return scrollTable('Outbox', 'The outbox is empty.', outbox, [
    ['Created', (m) => time(m.createdAt)],
    ['Kind', (m) => m.kind],
    ['To', (m) => m.to],
    ['Subject', (m) => m.subject],
    ['Status', (m) => m.status, (m) => `status-${m.status}`],
    ['Attempts', (m) => m.attempts],
    ['Last error', (m) => m.lastError ?? ''],
  ]);
}

/** A column: its heading, its cell (escaped unless SafeHtml), and the cell's class if any. */
type Column<T> = [heading: string, cell: (row: T) => unknown, cellClass?: (row: T) => string];

/** Rows under their column headings, in a region that scrolls sideways; `empty` when none. */
function scrollTable<T>(label: string, empty: string, rows: T[], columns: Column<T>[]): SafeHtml {
  return rows.length === 0
    ? html`<p>${empty}</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="${label}">
        <table>
          <thead>
            <tr>
              ${columns.map(([heading]) => html`<th scope="col">${heading}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (row) =>
                html`<tr>
                  ${columns.map(([, cell, cellClass]) =>
                    cellClass
                      ? html`<td class="${cellClass(row)}">${cell(row)}</td>`
                      : html`<td>${cell(row)}</td>`,
                  )}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
}

/** One message: its headers, attachments, HTML (in a sandboxed frame) and text parts. */
function messagePage(message: MailboxMessage): SafeHtml {
  const { parsed } = message;
  const headers: [string, string][] = [
    ['From', parsed.from?.text ?? ''],
    ['To', message.envelopeTo],
    ['Reply-To', parsed.replyTo?.text ?? ''],
    ['Subject', parsed.subject ?? ''],
    ['Date', parsed.date ? time(parsed.date) : ''],
    ['Message-ID', parsed.messageId ?? ''],
  ];
  return html`<p><a href="/dev/mail">← All messages</a></p>
    <h1>${parsed.subject || '(no subject)'}</h1>
    <dl>
      ${headers
        .filter(([, v]) => v)
        .map(
          ([k, v]) =>
            html`<dt>${k}</dt>
              <dd>${v}</dd>`,
        )}
    </dl>
    <h2>Attachments (${parsed.attachments.length})</h2>
    ${
      parsed.attachments.length === 0
        ? html`<p>None.</p>`
        : html`<ul>
            ${parsed.attachments.map(
              (a, i) =>
                html`<li>
                  <a
                    href="/dev/mail/${message.id}/attachments/${i}"
                    download="${a.filename ?? `attachment-${i + 1}`}"
                    >${a.filename ?? `attachment ${i + 1}`}</a
                  >
                  (${a.contentType}, ${Math.ceil(a.size / 1024)} KB)
                </li>`,
            )}
          </ul>`
    }
    <h2>As the recipient sees it</h2>
    ${
      parsed.html
        ? html`<iframe
            title="The email as it renders"
            sandbox="allow-scripts"
            src="/dev/mail/${message.id}/html"
          ></iframe>`
        : html`<p>This message has no HTML part.</p>`
    }
    <h2>Plain-text part</h2>
    <pre>${parsed.text ?? ''}</pre>
    <p><a href="/dev/mail/${message.id}/raw">Download the raw message (.eml)</a></p>`;
}
