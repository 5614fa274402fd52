import type { RenderedMail } from './booking-confirmation.js';
import { html } from './html.js';
import { heading, layout, paragraph, textLayout } from './layout.js';

/** A short email about an order's outcome, written by an operator's decision. */
export interface OrderUpdateInput {
  subject: string;
  heading: string;
  paragraphs: string[];
}

export function renderOrderUpdate(
  input: OrderUpdateInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  return {
    subject: input.subject,
    html: layout({
      title: input.subject,
      preheader: input.paragraphs[0] ?? input.heading,
      body: html`${heading(input.heading)} ${input.paragraphs.map((p) => paragraph(p))}`,
      siteUrl: context.siteUrl,
      year: context.now.getUTCFullYear(),
    }),
    text: textLayout(
      [input.heading, '', ...input.paragraphs.flatMap((p) => [p, ''])],
      context.siteUrl,
    ),
    attachments: [],
  };
}
