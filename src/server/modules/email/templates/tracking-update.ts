import type { MailAttachment } from '../outbox.js';
import type { RenderedMail } from './layout.js';
import { html, link } from './html.js';
import { button, heading, framedMail, paragraph, subheading, textLayout } from './layout.js';

/**
 * A tracking email (docs/tracking.md): what happened, what to do, the tracking page. Checklists
 * (the reminder's "ready by", the documents personal effects need), choices that each open the tracking page on one of them (a missed
 * collection's new dates), and, for the emails the customer may turn off, the link that does it.
 */
export interface TrackingUpdateInput {
  subject: string;
  heading: string;
  paragraphs: string[];
  checklists?: { title: string; items: readonly string[] }[];
  choices?: { title: string; options: { text: string; url: string }[] };
  /** The tracking page: a button, and the address written out. */
  trackingUrl: string;
  trackingText: string;
  /** Set for the optional emails: where they are turned off. */
  turnOffUrl?: string;
  /** Files it carries: a moved collection's new labels. */
  attachments?: MailAttachment[];
}

export function renderTrackingUpdate(
  input: TrackingUpdateInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const { checklists = [], choices, turnOffUrl } = input;
  return framedMail(
    {
      subject: input.subject,
      preheader: input.paragraphs[0] ?? input.heading,
      body: html`${heading(input.heading)} ${input.paragraphs.map((p) => paragraph(p))}
      ${
        choices
          ? html`${subheading(choices.title)}
              <ul style="margin:0 0 16px;padding-left:20px">
                ${choices.options.map(
                  (o) => html`<li style="margin:0 0 6px">${link(o.url, o.text)}</li>`,
                )}
              </ul>`
          : ''
      }
      ${checklists.map(
        (checklist) =>
          html`${subheading(checklist.title)}
            <ul style="margin:0 0 16px;padding-left:20px">
              ${checklist.items.map((item) => html`<li style="margin:0 0 6px">${item}</li>`)}
            </ul>`,
      )}
      ${button(input.trackingUrl, input.trackingText)}
      ${paragraph(html`Or open this link: ${link(input.trackingUrl, input.trackingUrl)}`)}
      ${
        turnOffUrl
          ? paragraph(
              html`<span style="font-size:13px;color:#5a6675"
                >Don’t want these emails? ${link(turnOffUrl, 'Turn them off')}. We always email you
                about a problem.</span
              >`,
            )
          : ''
      }`,
      text: textLayout(
        [
          input.heading,
          '',
          ...input.paragraphs.flatMap((p) => [p, '']),
          ...(choices
            ? [choices.title, ...choices.options.map((o) => `- ${o.text}: ${o.url}`), '']
            : []),
          ...checklists.flatMap((c) => [c.title, ...c.items.map((i) => `- ${i}`), '']),
          `${input.trackingText}: ${input.trackingUrl}`,
          '',
          ...(turnOffUrl
            ? [
                `Don’t want these emails? Turn them off: ${turnOffUrl}`,
                'We always email you about a problem.',
                '',
              ]
            : []),
        ],
        context.siteUrl,
      ),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    },
    context,
  );
}
