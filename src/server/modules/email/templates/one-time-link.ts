import { formatLondon } from '#src/domain/london-time.js';
import { html, link as anchor } from './html.js';
import { button, framedMail, heading, paragraph, textLayout, type RenderedMail } from './layout.js';

/** What an email whose point is a link that works once says around the link. */
export interface OneTimeLinkWords {
  subject: string;
  heading: string;
  /** Why the email came and what the link does. */
  intro: string;
  buttonText: string;
  /** What following the link changes, when it needs saying. */
  after?: string;
  /** What to do when the email was not expected. */
  ignore: string;
}

/**
 * An email with a one-time link (a password reset, an operator invitation): the link as a button
 * and written out, when it expires (UK time), and what to do if it was not expected; in HTML and
 * text alike.
 */
export function renderOneTimeLinkMail(
  mail: OneTimeLinkWords,
  link: { url: string; expiresAt: Date },
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const { url } = link;
  const expires = `${formatLondon(link.expiresAt, 'sentence')} (UK time)`;
  const body = html`${heading(mail.heading)} ${paragraph(mail.intro)}
  ${button(url, mail.buttonText)} ${paragraph(html`Or open this link: ${anchor(url, url)}`)}
  ${mail.after && paragraph(mail.after)}
  ${paragraph(html`The link works once and expires on <strong>${expires}</strong>.`)}
  ${paragraph(mail.ignore)}`;
  const text = textLayout(
    [
      mail.heading,
      '',
      mail.intro,
      url,
      '',
      ...(mail.after ? [mail.after, ''] : []),
      `The link works once and expires on ${expires}.`,
      '',
      mail.ignore,
    ],
    context.siteUrl,
  );
  return framedMail(
    { subject: mail.subject, preheader: `The link expires on ${expires}.`, body, text },
    context,
  );
}
