import { useEffect, useMemo, useState } from 'react';
import { callingCodeFor, type AddressInputValue } from '#src/domain/address.js';
import { getBookingContact } from '#src/domain/api/saved-addresses.js';
import { callApi } from '../../lib/api.js';
import { useSessionState } from '../../lib/session.js';

/** What a booking's collection step starts with: name, email and phone. */
export type ContactValues = Pick<
  AddressInputValue,
  'firstName' | 'lastName' | 'email' | 'phoneNumber'
>;

/**
 * A guest's name, email and phone as last saved on a collection step, kept in this tab's session
 * storage only: the next booking in the tab starts with them, and they go when the tab closes.
 * Nothing of it is kept for a signed-in customer (the account gives them).
 */
const GUEST_CONTACT_KEY = 'boxabroad.contact';

function readGuestContact(): ContactValues | null {
  try {
    const raw = window.sessionStorage.getItem(GUEST_CONTACT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<keyof ContactValues, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      firstName: text(parsed.firstName),
      lastName: text(parsed.lastName),
      email: text(parsed.email),
      phoneNumber: text(parsed.phoneNumber),
    };
  } catch {
    return null;
  }
}

/** Called when a guest's collection address is saved. */
export function keepGuestContact(values: ContactValues): void {
  try {
    const { firstName, lastName, email, phoneNumber } = values;
    window.sessionStorage.setItem(
      GUEST_CONTACT_KEY,
      JSON.stringify({ firstName, lastName, email, phoneNumber }),
    );
  } catch {
    // Storage unavailable: the next booking starts empty.
  }
}

/**
 * The name, email and phone step 1 starts with: the signed-in account's (its name, email, and
 * the phone of its latest saved collection address or order), or what this tab's guest typed
 * last; null until known, or when there is nothing.
 */
export function useBookingContact(): ContactValues | null {
  const session = useSessionState();
  const user = session?.user ?? null;
  const [fetched, setFetched] = useState<{ userId: string; contact: ContactValues } | null>(null);
  // A guest's come from this tab's storage, read once the session is known.
  const guest = useMemo(() => (session && !user ? readGuestContact() : null), [session, user]);

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    const prefix = callingCodeFor('GB');
    callApi(getBookingContact, { signal: controller.signal })
      .then((reply) =>
        setFetched({
          userId: user.id,
          contact: {
            firstName: reply.firstName,
            lastName: reply.lastName,
            email: reply.email,
            phoneNumber: reply.phone?.startsWith(prefix)
              ? reply.phone.slice(prefix.length)
              : (reply.phone ?? ''),
          },
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [user]);

  if (user) return fetched?.userId === user.id ? fetched.contact : null;
  return guest;
}
