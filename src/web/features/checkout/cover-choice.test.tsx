import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CoverOptions } from '#src/domain/api/cover.js';
import { coverLimits } from '#src/domain/cover.js';
import { DEFAULT_COVER_SETTINGS } from '#src/domain/pricing.js';
import { CoverHint, FullCover } from './cover-choice.js';

/** What GET …/cover answers for a laptop (£450), a glass vase (£60) and two jumpers (£60 each). */
function optionsFor(items: { name: string; pounds: number; units?: number }[]): CoverOptions {
  const settings = { ...DEFAULT_COVER_SETTINGS, version: 1 };
  const limits = coverLimits(
    items.map((item, i) => ({
      id: `item-${i}`,
      name: item.name,
      numberOfUnits: item.units ?? 1,
      unitValuePence: item.pounds * 100,
    })),
    settings,
  );
  return {
    settings,
    ...limits,
    suggestedPence: limits.maxCoverPence,
    coverPence: settings.includedPence,
    coverPricePence: 0,
  };
}

const render = (options: CoverOptions) =>
  renderToStaticMarkup(
    <>
      <CoverHint id="hint" options={options} />
      <FullCover
        name="cover"
        options={options}
        checked={false}
        disabled={false}
        onChoose={() => {}}
      />
    </>,
  );

describe('the payment step’s full cover', () => {
  it('suggests the jumpers plus the laptop’s £50, the items left out named beside it', () => {
    const html = render(
      optionsFor([
        { name: 'Laptop', pounds: 450 },
        { name: 'Glass vase', pounds: 60 },
        { name: 'Wool jumper', pounds: 60, units: 2 },
      ]),
    );
    // 2% of £120.
    expect(html).toContain('Full cover to £170 <span class="cover-choice__price">+ £2.40</span>');
    expect(html).toContain('Suggested: the value of the goods the cover pays for');
    expect(html).not.toContain('£630 <');
    expect(html).toContain(
      'up to the value of the goods the cover pays for (£170 of the £630 you declared), at most £2,000 per shipment.',
    );
    expect(html).toContain('aria-describedby="cover-exclusions"');
    expect(html).toContain(
      '<li><strong>Laptop</strong> (£450): Covered only by the included £50 (Electronic devices (covered as new goods only)): extra cover does not pay for it; £50 of it counted</li>',
    );
    expect(html).toContain(
      '<li><strong>Glass vase</strong> (£60): Not covered (Glass): the courier pays nothing if it is lost or damaged</li>',
    );
  });

  it('suggests the declared value when the cover pays for everything', () => {
    const html = render(optionsFor([{ name: 'Wool jumper', pounds: 100, units: 6 }]));
    expect(html).toContain('Full cover to £600');
    expect(html).toContain('Suggested: the value you declared');
    expect(html).toContain('up to the value of your items (£600)');
    expect(html).not.toContain('does not pay in full');
  });

  it('offers no extra cover when the cover pays for nothing above the included £50, and says why', () => {
    const html = render(optionsFor([{ name: 'Glass vase', pounds: 300 }]));
    expect(html).not.toContain('Full cover');
    expect(html).toContain('<strong>Glass vase</strong> (£300): Not covered (Glass)');
  });
});
