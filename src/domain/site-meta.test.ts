import { describe, expect, it } from 'vitest';
import { COMPANY, companyLines } from './company.js';
import { NOINDEX_PATHS, SITEMAP_PATHS, pageMeta } from './site-meta.js';
import { SITE_ROUTES } from './site-routes.js';

describe('page meta', () => {
  it('gives every site route a title and a description of a useful length', () => {
    for (const { path } of SITE_ROUTES) {
      const meta = pageMeta(path);
      expect(meta.title, path).toMatch(/ \| BoxAbroad$/);
      expect(meta.description.length, path).toBeGreaterThanOrEqual(70);
      expect(meta.description.length, path).toBeLessThanOrEqual(170);
    }
  });

  it('gives the public pages their own descriptions', () => {
    const descriptions = SITEMAP_PATHS.map((path) => pageMeta(path).description);
    expect(new Set(descriptions).size).toBe(SITEMAP_PATHS.length);
  });

  it('indexes the sitemap pages and nothing of the booking journey', () => {
    for (const path of SITEMAP_PATHS) expect(pageMeta(path).indexable, path).toBe(true);
    for (const path of NOINDEX_PATHS) expect(pageMeta(path).indexable, path).toBe(false);
    expect(pageMeta('/nope').indexable).toBe(false);
    expect(pageMeta('/faq/').title).toBe('FAQ | BoxAbroad');
  });

  it('covers every site route in exactly one of the two lists', () => {
    const listed = [...SITEMAP_PATHS, ...NOINDEX_PATHS].sort();
    expect(listed).toEqual(SITE_ROUTES.map((r) => r.path).sort());
  });

  it('lists the privacy notice in the sitemap', () => {
    expect(SITEMAP_PATHS).toContain('/privacy');
    expect(pageMeta('/privacy').indexable).toBe(true);
  });

  it('names the company behind the brand in three lines', () => {
    expect(companyLines()).toEqual([
      COMPANY.legalName,
      `Registered in ${COMPANY.registeredIn}, company number ${COMPANY.companyNumber}`,
      `Registered office: ${COMPANY.registeredOffice}`,
    ]);
    for (const value of Object.values(COMPANY)) expect(value.trim()).not.toBe('');
  });
});
