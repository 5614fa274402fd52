import type { FastifyInstance } from 'fastify';
import {
  createSavedAddress,
  deleteSavedAddress,
  getBookingContact,
  getSavedAddress,
  listSavedAddresses,
  saveOrderAddresses,
  updateSavedAddress,
  useSavedAddress,
} from '#src/domain/api/saved-addresses.js';
import { signedInUser } from '../../http/access.js';
import { accountRoutesOn } from '../../http/route.js';
import type { OrderAccess } from '../orders/index.js';
import type { AddressBookService } from './address-book.service.js';

/** Every route here is for a signed-in account (its declared rule). */
export function addressBookRoutes(
  book: AddressBookService,
  access: Pick<OrderAccess, 'signedInViewerOf'>,
) {
  return async function register(app: FastifyInstance) {
    const { read, write } = accountRoutesOn(app);

    read(listSavedAddresses, async (request) => ({
      addresses: await book.list(signedInUser(request), request.query),
    }));
    read(getSavedAddress, async (request) => ({
      address: await book.get(signedInUser(request), request.params.savedAddressId),
    }));
    read(getBookingContact, async (request) => book.bookingContact(signedInUser(request)));
    write(createSavedAddress, async (request) => ({
      address: await book.create(signedInUser(request), request.body),
    }));
    write(updateSavedAddress, async (request) => ({
      address: await book.update(
        signedInUser(request),
        request.params.savedAddressId,
        request.body,
      ),
    }));
    write(deleteSavedAddress, async (request) => {
      const user = signedInUser(request);
      await book.remove(user, request.params.savedAddressId);
      return { addresses: await book.list(user) };
    });
    write(saveOrderAddresses, async (request) => ({
      addresses: await book.saveFromOrder(
        access.signedInViewerOf(request),
        request.body.orderId,
        request.body.roles,
      ),
    }));
    write(useSavedAddress, async (request) =>
      book.use(
        access.signedInViewerOf(request),
        request.params.savedAddressId,
        request.body.orderId,
      ),
    );
  };
}
