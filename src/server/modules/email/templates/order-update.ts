import type { RenderedMail } from './layout.js';
import { html, link } from './html.js';
import { button, heading, framedMail, paragraph, textLayout } from './layout.js';

/** A short email about an order's outcome, written by an operator's decision. */
export interface OrderUpdateInput {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A link the customer should follow (a button, and the address written out). */
  action?: { text: string; url: string };
  /** Paragraphs after the link. */
  closing?: string[];
}

export function renderOrderUpdate(
  input: OrderUpdateInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const { action, closing = [] } = input;
  return framedMail(
    {
      subject: input.subject,
      preheader: input.paragraphs[0] ?? input.heading,
      body: html`${heading(input.heading)} ${input.paragraphs.map((p) => paragraph(p))}
      ${
        action
          ? html`${button(action.url, action.text)}
            ${paragraph(html`Or open this link: ${link(action.url, action.url)}`)}`
          : ''
      }
      ${closing.map((p) => paragraph(p))}`,
      text: textLayout(
        [
          input.heading,
          '',
          ...input.paragraphs.flatMap((p) => [p, '']),
          ...(action ? [`${action.text}: ${action.url}`, ''] : []),
          ...closing.flatMap((p) => [p, '']),
        ],
        context.siteUrl,
      ),
    },
    context,
  );
}
