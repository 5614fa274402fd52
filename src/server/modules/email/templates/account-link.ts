import type { RenderedMail } from './layout.js';
import { html, link } from './html.js';
import { button, heading, framedMail, paragraph, textLayout } from './layout.js';

/** The emails that carry one link for one person: verify an email, open an order. */
export interface AccountLinkInput {
  subject: string;
  heading: string;
  /** What the link is for, before the button. */
  intro: string;
  buttonText: string;
  url: string;
  /** How long the link works, in words ("for an hour", "once, for an hour"). */
  validity: string;
  /** What to do if the person did not ask for this. */
  ignore: string;
}

export function renderAccountLink(
  input: AccountLinkInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const body = html`${heading(input.heading)} ${paragraph(input.intro)}
  ${button(input.url, input.buttonText)}
  ${paragraph(html`Or open this link: ${link(input.url, input.url)}`)}
  ${paragraph(`The link works ${input.validity}.`)} ${paragraph(input.ignore)}`;
  const text = textLayout(
    [
      input.heading,
      '',
      input.intro,
      input.url,
      '',
      `The link works ${input.validity}.`,
      '',
      input.ignore,
    ],
    context.siteUrl,
  );
  return framedMail(
    {
      subject: input.subject,
      preheader: `The link works ${input.validity}.`,
      body,
      text,
    },
    context,
  );
}

export const VERIFY_EMAIL_SUBJECT = 'Confirm your email for BoxAbroad';
export const SIGN_UP_LINK_SUBJECT = 'Finish creating your BoxAbroad account';
export const SIGN_UP_EXISTING_SUBJECT =
  'Someone tried to create a BoxAbroad account with your email';
export const SIGN_IN_FAILURES_SUBJECT = 'Someone is trying to sign in to your BoxAbroad account';
export const ORDER_LINK_SUBJECT = 'Open your BoxAbroad booking';
