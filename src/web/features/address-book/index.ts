/** The address book: what the booking steps, the confirmation and the account page use. */
export { AddressBookSection } from './address-book-section.js';
export { SavedAddressPicker } from './saved-address-picker.js';
export { SaveAddressesOffer } from './save-addresses-offer.js';
export { keepGuestContact, useBookingContact, type ContactValues } from './booking-contact.js';
