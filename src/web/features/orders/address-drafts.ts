/**
 * What a customer has typed into an address form and not saved yet, kept in this tab's session
 * storage per order and role so a reload loses nothing. Removed once the address is saved and
 * once the order is paid for or forgotten. Only the address forms keep drafts: never card details.
 */
export type AddressRole = 'collection' | 'delivery';

const ROLES: readonly AddressRole[] = ['collection', 'delivery'];

function draftKey(orderId: string, role: AddressRole): string {
  return `boxabroad.addressDraft.${orderId}.${role}`;
}

/** The draft as it was stored (the form checks its shape), or null. */
export function readAddressDraft(orderId: string, role: AddressRole): unknown {
  try {
    const raw = window.sessionStorage.getItem(draftKey(orderId, role));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function keepAddressDraft(orderId: string, role: AddressRole, values: object): void {
  try {
    window.sessionStorage.setItem(draftKey(orderId, role), JSON.stringify(values));
  } catch {
    // Storage unavailable or full: the form still works, without surviving a reload.
  }
}

export function forgetAddressDraft(orderId: string, role: AddressRole): void {
  try {
    window.sessionStorage.removeItem(draftKey(orderId, role));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

export function forgetAddressDrafts(orderId: string): void {
  for (const role of ROLES) forgetAddressDraft(orderId, role);
}
