/**
 * The address book island: cards with edit, make-default and delete, and a form to add one. Every
 * button is a real form (or a link to ?edit=id) that the page handles without JavaScript; once
 * hydrated, the island calls the API and refreshes the list in place.
 */
import { useState, type SubmitEvent } from 'react';
import { accountApi, type AddressData } from './account.api.ts';
import type { Region } from '~/features/checkout/checkout.schema.ts';
import AddressForm from './AddressForm.tsx';
import type { ServerOutcome } from './form.tsx';
import { shopperMessage } from '~/lib/shopper-text.ts';

interface Props {
  addresses: AddressData[];
  editId?: number;
  /** The outcome of a form posted without JavaScript, and which form it was. */
  initial?: ServerOutcome & { action: string; id?: number };
  notice?: string;
  /** Every country checkout accepts, and the states of those the page knows already. */
  countries: Region[];
  knownStates: Record<string, Region[]>;
}

export default function AddressBook({ addresses: first, editId, initial, notice: firstNotice, countries, knownStates }: Props) {
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const [addresses, setAddresses] = useState(first);
  const [editing, setEditing] = useState<number | undefined>(editId);
  // Create and update failures show in their form; delete and make-default failures show up here.
  const failed = initial?.message && ['address-delete', 'address-default'].includes(initial.action) ? { text: initial.message, ok: false } : undefined;
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | undefined>(firstNotice ? { text: firstNotice, ok: true } : failed);
  const [formKey, setFormKey] = useState(0);

  async function refresh(text: string) {
    setAddresses((await accountApi.addresses()).data);
    setNotice({ text, ok: true });
  }

  function act(run: () => Promise<{ message: string }>) {
    return async (event: SubmitEvent) => {
      event.preventDefault();
      try {
        await refresh((await run()).message);
      } catch (error) {
        setNotice({ text: shopperMessage(error), ok: false });
      }
    };
  }

  const formInitial = (action: string, id?: number) =>
    initial && initial.action === action && (id === undefined || Number(initial.values?.id) === id) ? initial : undefined;

  return (
    <div className="space-y-8">
      <div aria-live="polite">
        {notice && (
          <p
            role={notice.ok ? 'status' : 'alert'}
            className={`rounded-md px-4 py-3 text-sm ${notice.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
          >
            {notice.text}
          </p>
        )}
      </div>
      <section aria-labelledby="saved-title">
        <h2 id="saved-title" className="font-serif text-2xl text-primary">
          Saved addresses
        </h2>
        {addresses.length === 0 ? (
          <p className="mt-3 text-sm text-muted">You have no saved addresses yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {addresses.map((a) =>
              editing === a.id ? (
                <li key={a.id} className="md:col-span-2">
                  <AddressForm
                    address={a}
                    initial={formInitial('address-update', a.id)}
                    onSave={async (input) => {
                      const { message } = await accountApi.updateAddress(a.id, input);
                      setEditing(undefined);
                      await refresh(message);
                      return message;
                    }}
                    onCancel={() => setEditing(undefined)}
                    countries={countries}
                    knownStates={knownStates}
                  />
                </li>
              ) : (
                <li key={a.id} className="rounded-lg border border-gray-200 p-5">
                  {/* The card is a named article: screen readers announce an article's name, not reliably a list item's. */}
                  <article aria-label={`${a.address1}, ${a.city}`}>
                    <p className="font-medium">
                      {a.first_name} {a.last_name}
                      {a.default_address && <span className="ml-2 rounded-full bg-ivory px-2 py-0.5 text-xs font-semibold text-gold">Default</span>}
                      {a.addr_type && <span className="ml-2 text-xs text-muted">{a.addr_type}</span>}
                    </p>
                    <address className="mt-2 text-sm not-italic text-ink">
                      {a.address1}
                      {a.address2 && <>, {a.address2}</>}
                      <br />
                      {a.city}
                      {a.state && <>, {a.state}</>} {a.postcode}
                      <br />
                      {countryName(a.country)}
                      <br />
                      {a.phone}
                    </address>
                    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                      <a
                        href={`/customer/account/addresses?edit=${a.id}`}
                        onClick={(e) => {
                          e.preventDefault();
                          setEditing(a.id);
                        }}
                        className="text-primary underline underline-offset-4"
                        aria-label={`Edit ${a.address1}`}
                      >
                        Edit
                      </a>
                      {!a.default_address && (
                        <form method="post" action="/customer/account/addresses" onSubmit={act(() => accountApi.makeDefault(a.id))}>
                          <input type="hidden" name="_action" value="address-default" />
                          <input type="hidden" name="id" value={a.id} />
                          <button type="submit" className="text-primary underline underline-offset-4" aria-label={`Make ${a.address1} my default address`}>
                            Make default
                          </button>
                        </form>
                      )}
                      <form method="post" action="/customer/account/addresses" onSubmit={act(() => accountApi.deleteAddress(a.id))}>
                        <input type="hidden" name="_action" value="address-delete" />
                        <input type="hidden" name="id" value={a.id} />
                        <button type="submit" className="text-red-700 underline underline-offset-4" aria-label={`Delete ${a.address1}`}>
                          Delete
                        </button>
                      </form>
                    </div>
                  </article>
                </li>
              ),
            )}
          </ul>
        )}
      </section>
      <AddressForm
        key={formKey}
        countries={countries}
        knownStates={knownStates}
        initial={formInitial('address-create')}
        onSave={async (input) => {
          const { message } = await accountApi.createAddress(input);
          setFormKey((k) => k + 1);
          await refresh(message);
          return message;
        }}
      />
    </div>
  );
}
