export { addressBookRoutes } from './address-book.routes.js';
export { AddressBookService } from './address-book.service.js';
export { AddressBookRepository } from './address-book.repository.js';
