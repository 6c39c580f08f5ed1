/**
 * A nanostore kept in localStorage under `key`: read when the page starts, written on every save, and
 * followed when another tab writes it (the storage event). Browser only: on the server it holds `empty`.
 * `decode` turns the stored text (null when there is none) into a value; what it cannot read is `empty`.
 */
import { atom } from 'nanostores';

export function storedAtom<T>(key: string, empty: T, decode: (text: string | null) => T, encode: (value: T) => string) {
  const read = (): T => {
    try {
      return decode(localStorage.getItem(key));
    } catch {
      return empty;
    }
  };
  const $store = atom<T>(typeof localStorage === 'undefined' ? empty : read());
  const save = (value: T): void => {
    $store.set(value);
    try {
      localStorage.setItem(key, encode(value));
    } catch {
      // Private mode or a full quota: this page keeps the value.
    }
  };
  if (typeof window !== 'undefined') {
    addEventListener('storage', (event) => {
      if (event.key === key) $store.set(read());
    });
  }
  return { $store, save, read };
}
