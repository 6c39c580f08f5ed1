/**
 * The address book. The first address becomes the default; deleting the default promotes the oldest
 * remaining one, so a customer with addresses always has exactly one default. An id that is not the
 * caller's answers 404, exactly like one that does not exist.
 */
import { recordId } from '~/server/endpoint/record-id.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import type { Customer } from '~/server/accounts/session.ts';
import type { AddressInput } from '~/features/account/address.schema.ts';
import type { CheckoutAddress } from '~/features/checkout/checkout.schema.ts';
import { checkAddress } from '~/server/checkout/geo.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { deleteAddress, findAddress, insertAddress, listAddresses, setDefaultAddress, updateAddress, type AddressRow } from './address.repository.ts';
import type { AddressJson } from './addresses.answers.ts';

export const MAX_ADDRESSES = 50;

export function addressJson(a: AddressRow): AddressJson {
  return {
    id: a.id,
    first_name: a.first_name,
    last_name: a.last_name,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    state: a.state,
    country: a.country,
    postcode: a.postcode,
    phone: a.phone,
    default_address: a.default_address === 1,
    addr_type: a.addr_type,
    address_type: a.address_type,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export type { AddressJson };

/** Path ids are positive integers; anything else cannot be the caller's address. */
export function parseId(raw: string | undefined): number {
  const id = recordId(raw);
  if (id === undefined) throw notFound('Address not found');
  return id;
}

export async function addresses(customer: Customer): Promise<AddressJson[]> {
  return (await listAddresses(await getDb(), customer.id)).map(addressJson);
}

async function owned(db: Db, customer: Customer, id: number): Promise<AddressRow> {
  const row = await findAddress(db, customer.id, id);
  if (!row) throw notFound('Address not found');
  return row;
}

/**
 * The checkout's country rules (src/server/checkout/geo.ts): a known country, its state from the list
 * where it has one (a name becomes its code), its postcode pattern and its phone numbers. One address
 * book entry must be one checkout accepts as it is.
 */
function checked(input: AddressInput): AddressInput {
  const { address, errors } = checkAddress({ ...input, first_name: input.first_name ?? '', last_name: input.last_name ?? '' } as CheckoutAddress, '');
  const [field, messages] = Object.entries(errors)[0] ?? [];
  if (field) throw new HttpError(400, `${field}: ${messages![0]}`, 'validation_failed', errors);
  return { ...input, state: address.state ?? null };
}

function values(customer: Customer, raw: AddressInput) {
  const input = checked(raw);
  return {
    first_name: input.first_name ?? customer.first_name,
    last_name: input.last_name ?? customer.last_name,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    country: input.country,
    state: input.state,
    postcode: input.postcode,
    phone: input.phone,
    addr_type: input.addr_type,
    address_type: input.address_type,
  };
}

export async function createAddress(customer: Customer, input: AddressInput): Promise<AddressJson> {
  const db = await getDb();
  const id = await insertAddress(db, customer.id, values(customer, input), { max: MAX_ADDRESSES, makeDefault: Boolean(input.default_address) });
  if (id === undefined) throw new HttpError(400, `An address book holds at most ${MAX_ADDRESSES} addresses`, 'too_many_addresses');
  return addressJson(await owned(db, customer, id));
}

/** The edit and a new default are one transaction. */
export async function editAddress(customer: Customer, id: number, input: AddressInput): Promise<AddressJson> {
  const db = await getDb();
  const before = await owned(db, customer, id);
  const changes = values(customer, input);
  await writeTransaction(db, async (trx) => {
    await updateAddress(trx, customer.id, id, changes);
    if (input.default_address && !before.default_address) await setDefaultAddress(trx, customer.id, id);
  });
  return addressJson(await owned(db, customer, id));
}

/** Removing the default makes the oldest remaining address the default, in the same transaction. */
export async function removeAddress(customer: Customer, id: number): Promise<void> {
  const db = await getDb();
  const row = await owned(db, customer, id);
  await writeTransaction(db, async (trx) => {
    await deleteAddress(trx, customer.id, id);
    if (!row.default_address) return;
    const [next] = (await listAddresses(trx, customer.id)).sort((a, b) => a.id - b.id);
    if (next) await setDefaultAddress(trx, customer.id, next.id);
  });
}

export async function makeDefault(customer: Customer, id: number): Promise<AddressJson> {
  const db = await getDb();
  await owned(db, customer, id);
  await writeTransaction(db, (trx) => setDefaultAddress(trx, customer.id, id));
  return addressJson(await owned(db, customer, id));
}
