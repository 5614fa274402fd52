import { describe, expect, it } from 'vitest';
import { COLLECTION_HOURS } from '#src/domain/collection-calendar.js';
import { COMPANY } from '#src/domain/company.js';
import { sampleBooking } from '#src/server/dev/sample-mail.js';
import { attachmentFilename, headerText, validAddress } from '../mail-headers.js';
import {
  formatCalendarDate,
  parcelSummary,
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from './booking-confirmation.js';
import { renderContactMessage } from './contact-message.js';
import { escapeHtml, html, safeUrl } from './html.js';
import { renderPasswordReset } from './password-reset.js';

const context = { siteUrl: 'https://boxabroad.test', now: new Date('2026-11-23T10:00:00Z') };
const XSS = '<img src=x onerror=alert(1)>';

/** The sample booking with more of everything: boxes, label formats, a customs invoice, address lines. */
function booking(overrides: Partial<BookingConfirmationInput> = {}): BookingConfirmationInput {
  const sample = sampleBooking();
  return sampleBooking({
    receipt: {
      ...sample.receipt,
      amountPence: 123456,
      description:
        'Express collection of 2 large boxes and 3 small boxes from the United Kingdom to Germany',
    },
    labels: [
      {
        title: 'Labels for A4 paper',
        filename: 'labels-a4.pdf',
        url: 'https://boxabroad.test/l/1.pdf',
        pdf: new Uint8Array([0x25, 0x50]),
      },
      {
        title: 'Labels for a thermal label printer (4 × 6 in)',
        filename: 'labels-thermal.pdf',
        url: 'https://boxabroad.test/l/2.pdf',
        pdf: new Uint8Array([0x25, 0x51]),
      },
    ],
    documents: [
      {
        title: 'Commercial invoice',
        filename: 'commercial-invoice.pdf',
        url: 'https://boxabroad.test/d/1.pdf',
        pdf: new Uint8Array([0x25, 0x52]),
      },
    ],
    parcels: { large: 2, small: 3 },
    collectionAddress: {
      ...sample.collectionAddress,
      lines: ['1 High Street', 'Flat 2'],
      county: 'Greater London',
      phone: '+44 20 7946 0000',
    },
    ...overrides,
  });
}

describe('booking confirmation', () => {
  it('has the exact subject and every fact the customer needs, in HTML and text', () => {
    const mail = renderBookingConfirmation(booking(), context);
    expect(mail.subject).toBe('Your booking was successful: BA-7K2M9Q');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Tuesday 24 November 2026');
      expect(part).toContain('between 9:00am and 5:30pm');
      expect(part).toContain('https://track.example.com/BA-7K2M9Q');
      expect(part).toContain('https://boxabroad.test/l/1.pdf');
      expect(part).toContain('2 large parcels and 3 small parcels');
      expect(part).toContain('Flat 2');
      expect(part).toContain('Invalidenstraße 1');
      expect(part).toContain('10115');
      expect(part).toContain('BA-7K2M9Q');
    }
    expect(mail.text).toContain('Large parcels: 2');
    expect(mail.text).toContain('Small parcels: 3');
    expect(mail.html).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1"',
    );
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toContain('17:30pm');
    expect(mail.attachments).toEqual([
      {
        filename: 'labels-a4.pdf',
        contentType: 'application/pdf',
        content: new Uint8Array([0x25, 0x50]),
      },
      {
        filename: 'labels-thermal.pdf',
        contentType: 'application/pdf',
        content: new Uint8Array([0x25, 0x51]),
      },
      {
        filename: 'commercial-invoice.pdf',
        contentType: 'application/pdf',
        content: new Uint8Array([0x25, 0x52]),
      },
    ]);
  });

  it('says the collection window, the service and the amount paid, and links every file it carries', () => {
    const mail = renderBookingConfirmation(booking(), context);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(
        `Tuesday 24 November 2026, between ${COLLECTION_HOURS.from} and ${COLLECTION_HOURS.to}`,
      );
      expect(part).toMatch(/Service\s*(<\/th>|:)[\s\S]{0,120}Express/);
      expect(part).toMatch(/Amount paid\s*(<\/th>|:)[\s\S]{0,120}£1,234\.56/);
      expect(part).toContain('https://boxabroad.test/l/2.pdf');
      expect(part).toContain('https://boxabroad.test/d/1.pdf');
    }
    expect(mail.html).toContain('>Labels for A4 paper</a>');
    expect(mail.html).toContain('>Labels for a thermal label printer (4 × 6 in)</a>');
    expect(mail.html).toContain('>Commercial invoice</a>');
    expect(mail.html).toContain('<table\n    aria-label="Your booking"');
  });

  it('carries a receipt: what was paid, for what, when, and who we are', () => {
    const mail = renderBookingConfirmation(booking(), context);
    const receipt = mail.html.slice(mail.html.indexOf('aria-label="Receipt"'));
    expect(receipt).not.toBe(mail.html);
    for (const part of [receipt, mail.text.slice(mail.text.indexOf('RECEIPT'))]) {
      expect(part).toContain('£1,234.56');
      expect(part).toContain(
        'Express collection of 2 large boxes and 3 small boxes from the United Kingdom to Germany',
      );
      // 14:05 UTC in November is 14:05 in London.
      expect(part).toContain('23 November 2026, 14:05');
      expect(part).toContain('BA-7K2M9Q');
      expect(part).toContain(COMPANY.legalName);
      expect(part).toContain(`company number ${COMPANY.companyNumber}`);
      expect(part).toContain(COMPANY.registeredOffice);
    }
    expect(mail.text).toContain('Amount paid: £1,234.56');
    expect(mail.text).toContain('Paid on: 23 November 2026, 14:05');
  });

  it('says the time paid in UK time, summer or winter', () => {
    const summer = renderBookingConfirmation(
      booking({
        receipt: { ...booking().receipt, paidAt: new Date('2026-07-01T23:30:00Z') },
      }),
      context,
    );
    expect(summer.text).toContain('Paid on: 2 July 2026, 00:30');
  });

  it('attaches no customs section when the courier sent no documents', () => {
    const mail = renderBookingConfirmation(booking({ documents: [] }), context);
    expect(mail.html).not.toContain('Customs documents');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      'labels-a4.pdf',
      'labels-thermal.pdf',
    ]);
  });

  it('lists the documents for customs when the boxes are personal effects, in HTML and text', () => {
    const mail = renderBookingConfirmation(
      booking({
        customsChecklist: {
          country: 'Germany',
          documents: ['A copy of the recipient’s passport', 'A list (inventory) of the goods'],
          infoUrl: 'https://boxabroad.test/how-it-works#import-charges',
        },
      }),
      context,
    );
    expect(mail.html).toContain('Checklist for personal-effects relief');
    expect(mail.html).toContain('A copy of the recipient’s passport');
    expect(mail.text).toContain(
      [
        'CHECKLIST FOR PERSONAL-EFFECTS RELIEF',
        'You declared these boxes as the recipient’s own used belongings (personal effects). To claim relief from import duty and tax in Germany, the recipient shows customs:',
        '[ ] A copy of the recipient’s passport',
        '[ ] A list (inventory) of the goods',
      ].join('\n'),
    );
    expect(mail.text).toContain(
      'What the relief needs: https://boxabroad.test/how-it-works#import-charges',
    );
    const gift = renderBookingConfirmation(booking(), context);
    expect(gift.html).not.toContain('Checklist for personal-effects relief');
    expect(gift.text).not.toContain('CHECKLIST FOR PERSONAL-EFFECTS RELIEF');
  });

  it('escapes every customer-supplied string', () => {
    const address = {
      name: XSS,
      lines: [XSS],
      city: XSS,
      county: XSS,
      postcode: XSS,
      country: 'Germany',
      phone: XSS,
    };
    const mail = renderBookingConfirmation(
      booking({
        recipient: { name: XSS, email: 'jane@example.com' },
        collectionAddress: address,
        deliveryAddress: address,
        labels: [
          {
            title: XSS,
            filename: 'x.pdf',
            url: 'https://boxabroad.test/l/1.pdf',
            pdf: new Uint8Array(),
          },
        ],
        service: XSS,
      }),
      context,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html.split('&lt;img src=x onerror=alert(1)&gt;').length - 1).toBeGreaterThan(10);
  });

  it('does not link a tracking or label URL that is not http(s)', () => {
    const mail = renderBookingConfirmation(
      booking({
        trackingUrl: 'javascript:alert(1)',
        labels: [
          { title: 'Label', filename: 'x.pdf', url: 'data:text/html,hi', pdf: new Uint8Array() },
        ],
      }),
      context,
    );
    expect(mail.html).not.toMatch(/href="(javascript|data):/);
  });

  it('says a single parcel in the singular', () => {
    expect(parcelSummary({ large: 1, small: 0 })).toBe('1 large parcel');
    expect(parcelSummary({ large: 0, small: 1 })).toBe('1 small parcel');
    expect(formatCalendarDate('2027-01-01')).toBe('Friday 1 January 2027');
    expect(() => formatCalendarDate('24/11/2026')).toThrow();
  });
});

describe('contact message', () => {
  it('carries name, company, email, phone and the message, escaped', () => {
    const mail = renderContactMessage(
      {
        id: 'c-1',
        firstName: XSS,
        lastName: 'Lee',
        company: 'A & B',
        email: 'ann@example.org',
        phone: '07700 900123',
        message: 'line one\n<b>line two</b>',
        newsOptIn: false,
        receivedAt: new Date('2026-07-01T09:30:00Z'),
      },
      context,
    );
    expect(mail.subject).toBe(`Contact form: ${XSS} Lee`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('ann@example.org');
    expect(mail.html).toContain('07700 900123');
    expect(mail.html).toContain('line one<br>&lt;b&gt;line two&lt;/b&gt;');
    // 09:30 UTC in July is 10:30 in London.
    expect(mail.text).toContain('Received: 1 July 2026 at 10:30');
    expect(mail.text).toContain('Agreed to news: No');
    expect(mail.text).toContain('<b>line two</b>');
  });
});

describe('password reset', () => {
  it('gives the link and when it expires (UK time)', () => {
    const mail = renderPasswordReset(
      {
        email: 'jane@example.com',
        resetUrl: 'https://boxabroad.test/reset?token=abc',
        expiresAt: new Date('2026-11-23T11:00:00Z'),
        requestId: 'r-1',
      },
      context,
    );
    expect(mail.subject).toBe('Reset your BoxAbroad password');
    expect(mail.html).toContain('href="https://boxabroad.test/reset?token=abc"');
    expect(mail.text).toContain('https://boxabroad.test/reset?token=abc');
    expect(mail.text).toContain('expires on 23 November 2026 at 11:00 (UK time)');
  });
});

describe('html and header helpers', () => {
  it('escape interpolations but keep nested trusted markup', () => {
    expect(html`<p>${'<b>&"\''}</p>`.value).toBe('<p>&lt;b&gt;&amp;&quot;&#39;</p>');
    expect(html`<p>${html`<b>${'x'}</b>`}</p>`.value).toBe('<p><b>x</b></p>');
    expect(escapeHtml('a<b')).toBe('a&lt;b');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('https://x.example/a b')).toBe('https://x.example/a%20b');
  });

  it('make header values single-line and addresses single', () => {
    expect(headerText('Hello\r\nBcc: x@example.com\u2028there')).toBe(
      'Hello Bcc: x@example.com there',
    );
    expect(validAddress('ann@example.org')).toBe('ann@example.org');
    for (const bad of [
      'ann@example.org\r\nBcc: x@example.com',
      'a@example.org, b@example.org',
      'Ann <ann@example.org>',
      'not-an-address',
      '',
    ]) {
      expect(validAddress(bad), bad).toBeUndefined();
    }
    expect(attachmentFilename('../../etc/passwd\r\n.pdf')).toBe('_.._etc_passwd .pdf');
  });
});
