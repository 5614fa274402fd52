import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '#src/domain/accounts.js';
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
import { NO_STORE, routesOn } from '../../http/route.js';
import type { OrderAccess, Viewer } from '../orders/index.js';
import type { AddressBookService } from './address-book.service.js';

export function addressBookRoutes(
  book: AddressBookService,
  access: Pick<OrderAccess, 'guestHashOf'>,
) {
  // Every route here is for a signed-in account (its declared rule): this browser and account.
  const signedIn = (request: FastifyRequest): Viewer & { user: SessionUser } => ({
    guestHash: access.guestHashOf(request),
    user: signedInUser(request),
  });

  return async function register(app: FastifyInstance) {
    const read = routesOn(app, NO_STORE);
    // Writes count against the per-address limit of every state-changing account route.
    const write = routesOn(app, { ...NO_STORE, rateLimit: 'account' });

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
        signedIn(request),
        request.body.orderId,
        request.body.roles,
      ),
    }));
    write(useSavedAddress, async (request) =>
      book.use(signedIn(request), request.params.savedAddressId, request.body.orderId),
    );
  };
}
