import Holidays from 'date-holidays';
import type { HolidayLookup, HolidayRegion } from '#src/domain/collection-calendar.js';

const STATES: Record<HolidayRegion, string> = {
  'england-and-wales': 'ENG',
  scotland: 'SCT',
  'northern-ireland': 'NIR',
};

/**
 * UK bank holidays by region, from the date-holidays library (public holidays only, substitute
 * days included). Years are computed once and kept.
 */
export function createUkHolidayLookup(): HolidayLookup {
  const calendars = new Map<HolidayRegion, Holidays>();
  const years = new Map<string, Map<string, string>>();
  return (isoDate, region) => {
    const year = Number(isoDate.slice(0, 4));
    const key = `${region}:${year}`;
    let byDate = years.get(key);
    if (!byDate) {
      let calendar = calendars.get(region);
      if (!calendar) {
        calendar = new Holidays('GB', STATES[region]);
        calendars.set(region, calendar);
      }
      byDate = new Map(
        calendar
          .getHolidays(year)
          .filter((h) => h.type === 'public')
          .map((h) => [h.date.slice(0, 10), h.name] as const),
      );
      years.set(key, byDate);
    }
    return byDate.get(isoDate);
  };
}
