/**
 * Relevance search over the simulator's commodity dataset, for GetCommodity. Words are
 * lower-cased, singularised and matched against each entry's description (worth most), its
 * extra search words, and by prefix; entries that match more of the query rank first, then the
 * shorter (more specific) descriptions.
 */
import { COMMODITIES, type CommodityEntry } from './commodities.data.js';

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'for',
  'in',
  'my',
  'of',
  'on',
  'or',
  'other',
  'the',
  'to',
  'with',
  'x',
]);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words of a text, singularised; "t-shirt" gives "tshirt" as well as "shirt". */
export function words(text: string): string[] {
  const lower = text.toLowerCase().replace(/['’]/g, '');
  const out = new Set<string>();
  for (const chunk of lower.split(/[^a-z0-9-]+/)) {
    if (!chunk) continue;
    const parts = chunk.split('-').filter(Boolean);
    if (parts.length > 1) out.add(stem(parts.join('')));
    for (const part of parts) {
      if (part.length < 2 || STOP_WORDS.has(part)) continue;
      out.add(stem(part));
    }
  }
  return [...out];
}

interface Indexed {
  entry: CommodityEntry;
  description: Set<string>;
  keywords: Set<string>;
}

const INDEX: Indexed[] = COMMODITIES.map((entry) => ({
  entry,
  description: new Set(words(entry.description)),
  keywords: new Set(words(entry.keywords)),
}));

function prefixMatch(word: string, set: Set<string>): boolean {
  if (word.length < 4) return false;
  for (const candidate of set) {
    if (candidate.length >= 3 && (candidate.startsWith(word) || word.startsWith(candidate))) {
      return true;
    }
  }
  return false;
}

/** The best `limit` entries for a free-text description; empty when nothing matches. */
export function searchCommodities(query: string, limit: number): CommodityEntry[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const scored: { entry: CommodityEntry; score: number }[] = [];
  for (const item of INDEX) {
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      if (item.description.has(term)) {
        score += 3;
        matched++;
      } else if (item.keywords.has(term)) {
        score += 2;
        matched++;
      } else if (prefixMatch(term, item.description) || prefixMatch(term, item.keywords)) {
        score += 1;
        matched++;
      }
    }
    if (matched === 0) continue;
    // Covering the whole query matters more than any single word.
    score += (4 * matched) / terms.length;
    scored.push({ entry: item.entry, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.entry.description.length - b.entry.description.length ||
      a.entry.code.localeCompare(b.entry.code),
  );
  return scored.slice(0, Math.max(0, limit)).map((s) => s.entry);
}
