import { randomUUID } from 'node:crypto';
import type { SessionUser } from '#src/domain/accounts.js';
import {
  AddressInputSchema,
  validateAddress,
  type AddressInputValue,
} from '#src/domain/address.js';
import {
  ADDRESS_BOOK_MESSAGES,
  checkSavedPlace,
  formValuesOf,
  matchesAddressSearch,
  SAVED_ADDRESSES_MAX,
  savedAddressFieldsOf,
  savedAddressMisfit,
  splitName,
  type SavedAddressRole,
} from '#src/domain/address-book.js';
import { findCountry } from '#src/domain/countries.js';
import {
  SAVED_ADDRESS_NOT_FOUND,
  SavedAddressSchema,
  type BookingContact,
  type SavedAddress,
} from '#src/domain/api/saved-addresses.js';
import { ORDER_NOT_FOUND, type OrderAddress, type OrderView } from '#src/domain/order.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { OrderAccess, OrdersService, Viewer } from '../orders/index.js';
import type {
  AddressBookRepository,
  SavedAddressFieldsRow,
  SavedAddressRow,
} from './address-book.repository.js';

/** What the address book's form sends, parsed. */
export interface SavedAddressValues extends AddressInputValue {
  role: SavedAddressRole;
  label: string;
  countryId: number;
  postcode: string;
}

const notFound = () =>
  new ApiError(404, SAVED_ADDRESS_NOT_FOUND.code, SAVED_ADDRESS_NOT_FOUND.message);
const orderNotFound = () => new ApiError(404, ORDER_NOT_FOUND.code, ORDER_NOT_FOUND.message);
const full = () => new ApiError(409, 'SAVED_ADDRESSES_FULL', ADDRESS_BOOK_MESSAGES.full);

/** The row as the API declares it: the schema leaves out the owner and the fingerprint. */
function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return SavedAddressSchema.parse({
    ...row,
    countryTitle: findCountry(row.countryId)?.title ?? row.countryCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** The same address, whatever the case and spacing typed: kept once per account and role. */
function fingerprintOf(fields: Omit<SavedAddressFieldsRow, 'fingerprint' | 'updatedAt'>): string {
  return [
    fields.countryId,
    fields.postcode,
    fields.firstName,
    fields.lastName,
    fields.company,
    fields.street,
    fields.street2,
    fields.city,
    fields.state,
    fields.phone,
    fields.email,
    fields.instructions,
  ]
    .map((part) => String(part).trim().toLowerCase().replace(/\s+/g, ' '))
    .join('\u001f');
}

/**
 * The address book (docs/accounts.md, decision 106): an account's collection addresses and
 * recipients. Saved only when they pass the booking's checks (the quote form's post code rule,
 * the address form's field rules), and checked again when used on a booking, through the same
 * code as typing them. Each account sees only its own; another's answers as one that does not
 * exist.
 */
export class AddressBookService {
  constructor(
    private readonly deps: {
      repository: AddressBookRepository;
      orders: Pick<OrdersService, 'get' | 'saveAddress' | 'listForAccount'>;
      access: Pick<OrderAccess, 'canOpen'>;
      clock: Clock;
    },
  ) {}

  async list(
    user: SessionUser,
    filter: { role?: SavedAddressRole | undefined; q?: string | undefined } = {},
  ): Promise<SavedAddress[]> {
    const rows = await this.deps.repository.list(user.id);
    return rows
      .filter((row) => !filter.role || row.role === filter.role)
      .filter((row) => !filter.q || matchesAddressSearch(row, filter.q))
      .map(toSavedAddress);
  }

  async get(user: SessionUser, id: string): Promise<SavedAddress> {
    const row = await this.deps.repository.find(user.id, id);
    if (!row) throw notFound();
    return toSavedAddress(row);
  }

  async create(user: SessionUser, input: SavedAddressValues): Promise<SavedAddress> {
    const fields = this.checked(input);
    const now = this.deps.clock.now();
    const saved = await this.deps.repository.insertOnce(
      { ...fields, id: randomUUID(), userId: user.id, createdAt: now, updatedAt: now },
      SAVED_ADDRESSES_MAX,
    );
    if (!saved) throw full();
    return toSavedAddress(saved);
  }

  async update(user: SessionUser, id: string, input: SavedAddressValues): Promise<SavedAddress> {
    // Another account's address is not found before its input is judged: nothing leaks.
    if (!(await this.deps.repository.find(user.id, id))) throw notFound();
    const result = await this.deps.repository.update(user.id, id, this.checked(input));
    if (result === 'missing') throw notFound();
    if (result === 'duplicate') {
      throw new ApiError(409, 'SAVED_ADDRESS_DUPLICATE', ADDRESS_BOOK_MESSAGES.duplicate);
    }
    return toSavedAddress(result);
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    if (!(await this.deps.repository.delete(user.id, id))) throw notFound();
  }

  /** Copies an order's addresses into the address book (the same one is kept once). */
  async saveFromOrder(
    viewer: Viewer & { user: SessionUser },
    orderId: string,
    roles: SavedAddressRole[],
  ): Promise<SavedAddress[]> {
    if (!(await this.deps.access.canOpen(orderId, viewer))) throw orderNotFound();
    const order = await this.deps.orders.get(orderId);
    const wanted = [...new Set(roles)].map((role) => {
      const address = role === 'collection' ? order.collectionAddress : order.deliveryAddress;
      if (!address) throw orderNotFound();
      const place = role === 'collection' ? order.collection : order.destination;
      return valuesOfOrderAddress(role, place.countryId, place.countryCode, address);
    });
    const saved: SavedAddress[] = [];
    for (const values of wanted) saved.push(await this.create(viewer.user, values));
    return saved;
  }

  /**
   * Makes a saved address the order's collection or delivery address: its post code must be the
   * order's (as the quote form says of a post code in another region), then the booking step's
   * own save checks and writes it, as if it had been typed.
   */
  async use(
    viewer: Viewer & { user: SessionUser },
    id: string,
    orderId: string,
  ): Promise<OrderView> {
    const row = await this.deps.repository.find(viewer.user.id, id);
    if (!row) throw notFound();
    if (!(await this.deps.access.canOpen(orderId, viewer))) throw orderNotFound();
    const order = await this.deps.orders.get(orderId);
    const place = row.role === 'collection' ? order.collection : order.destination;
    const misfit = savedAddressMisfit(row, row.role, place);
    if (misfit) throw new ApiError(422, 'VALIDATION_FAILED', misfit, { postcode: misfit });
    return this.deps.orders.saveAddress(orderId, row.role, formValuesOf(row, place.countryCode));
  }

  /** What a booking's collection step starts with: the account's name and email, a phone. */
  async bookingContact(user: SessionUser): Promise<BookingContact> {
    const { firstName, lastName } = splitName(user.name);
    const collection = (await this.deps.repository.list(user.id)).find(
      (row) => row.role === 'collection',
    );
    let phone = collection?.phone ?? null;
    if (!phone) {
      const orders = await this.deps.orders.listForAccount(
        user.id,
        user.emailVerified ? user.email : null,
      );
      phone = orders.find((order) => order.collectionAddress)?.collectionAddress?.phone ?? null;
    }
    return { firstName, lastName, email: user.email, phone };
  }

  /** The address checked as a booking step checks it; refused with the field's message. */
  private checked(input: SavedAddressValues): SavedAddressFieldsRow {
    const place = checkSavedPlace(input.role, input.countryId, input.postcode);
    if (!place.ok) {
      throw new ApiError(422, 'VALIDATION_FAILED', place.message, { [place.field]: place.message });
    }
    // The booking form's fields of the input (the schema leaves out role, label and place).
    const result = validateAddress(AddressInputSchema.parse(input), place.country.countryCode);
    if (!result.ok) throw new ApiError(422, 'VALIDATION_FAILED', result.summary, result.fields);
    const fields = {
      role: input.role,
      label: input.label.trim(),
      countryId: place.country.countryId,
      countryCode: place.country.countryCode,
      postcode: place.postcode,
      ...savedAddressFieldsOf(result.value),
    };
    return { ...fields, fingerprint: fingerprintOf(fields), updatedAt: this.deps.clock.now() };
  }
}

function valuesOfOrderAddress(
  role: SavedAddressRole,
  countryId: number,
  countryCode: string,
  address: OrderAddress,
): SavedAddressValues {
  return {
    role,
    label: '',
    countryId,
    postcode: address.postcode,
    ...formValuesOf(savedAddressFieldsOf(address), countryCode),
  };
}
