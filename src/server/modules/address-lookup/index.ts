export { addressLookupRoutes } from './address-lookup.routes.js';
export {
  AddressLookupService,
  DEFAULT_ADDRESS_LOOKUP_SETTINGS,
  type AddressLookupSettings,
} from './address-lookup.service.js';
