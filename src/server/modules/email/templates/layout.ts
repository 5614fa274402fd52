import type { MailAttachment } from '../outbox.js';
import { html, link, safeUrl, type SafeHtml } from './html.js';

export const BRAND = 'BoxAbroad';
const TAGLINE = 'Send your boxes abroad from the UK';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * One mail in the frame of every email: the subject is also the HTML title, the year of the
 * copyright line is the sending year, and there are no attachments unless given.
 */
export function framedMail(
  mail: {
    subject: string;
    preheader: string;
    body: SafeHtml;
    text: string;
    attachments?: MailAttachment[];
  },
  context: { siteUrl: string; now: Date },
): RenderedMail {
  return {
    subject: mail.subject,
    html: layout({
      title: mail.subject,
      preheader: mail.preheader,
      body: mail.body,
      siteUrl: context.siteUrl,
      year: context.now.getUTCFullYear(),
    }),
    text: mail.text,
    attachments: mail.attachments ?? [],
  };
}

/**
 * The frame of every email: one centred column up to 600 px wide that shrinks to the screen,
 * inline styles only (mail clients drop <style> and external CSS), system fonts.
 */
export function layout(options: {
  title: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
  body: SafeHtml;
  siteUrl: string;
  /** For the copyright line. */
  year: number;
}): string {
  const year = options.year;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${options.title}</title>
      </head>
      <body
        style="margin:0;padding:0;background:#f3f5f8;color:#1b2430;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5"
      >
        <div style="display:none;max-height:0;overflow:hidden">${options.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellspacing="0"
          cellpadding="0"
          style="background:#f3f5f8"
        >
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellspacing="0"
                cellpadding="0"
                style="max-width:600px;background:#ffffff;border-radius:8px"
              >
                <tr>
                  <td style="padding:20px 24px;border-bottom:1px solid #e3e8ef">
                    <div role="banner">
                      <span style="font-size:20px;font-weight:700;color:#0b5cad">${BRAND}</span>
                    </div>
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px"><div role="main">${options.body}</div></td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px;border-top:1px solid #e3e8ef;font-size:13px;color:#5a6675"
                  >
                    <div role="contentinfo">
                      ${BRAND} · ${TAGLINE} · ${link(options.siteUrl, options.siteUrl)}<br />
                      © 2024–${year} ${BRAND}
                    </div>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}

export function heading(text: string): SafeHtml {
  return html`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${text}</h1>`;
}

export function subheading(text: string): SafeHtml {
  return html`<h2 style="margin:24px 0 8px;font-size:17px;line-height:1.3">${text}</h2>`;
}

export function paragraph(content: SafeHtml | string): SafeHtml {
  return html`<p style="margin:0 0 12px">${content}</p>`;
}

export function button(url: string, text: string): SafeHtml {
  const href = safeUrl(url);
  if (!href) return paragraph(text);
  return html`<p style="margin:16px 0">
    <a
      href="${href}"
      style="display:inline-block;background:#0b5cad;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px"
      >${text}</a
    >
  </p>`;
}

/** The plain-text frame: the same content without markup. */
export function textLayout(lines: string[], siteUrl: string): string {
  return [...lines, '', '--', `${BRAND} · ${TAGLINE}`, siteUrl, ''].join('\n');
}
