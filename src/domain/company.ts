/**
 * Who runs the site, as a UK trading business must say it: the registered company behind the
 * brand. Shown in the footer, on the privacy notice and on every receipt (page and email).
 * Configuration, not copy: set these to the registered company's details before going live;
 * they are read at build time by the web app and at start by the server, so both always agree
 * (docs/decisions/051-company-details-in-one-place.md).
 */
export const COMPANY = {
  /** The registered name, as on the certificate of incorporation. */
  legalName: 'BoxAbroad Ltd',
  /** Where the company is registered. */
  registeredIn: 'England and Wales',
  companyNumber: '12345678',
  /** The registered office, on one line. */
  registeredOffice: '1 Example Street, London N1 1AA, United Kingdom',
} as const;

/** The company as every page footer, receipt and notice names it: three lines. */
export function companyLines(): [string, string, string] {
  return [
    COMPANY.legalName,
    `Registered in ${COMPANY.registeredIn}, company number ${COMPANY.companyNumber}`,
    `Registered office: ${COMPANY.registeredOffice}`,
  ];
}
