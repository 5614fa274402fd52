export { createUkHolidayLookup } from './uk-holidays.js';
