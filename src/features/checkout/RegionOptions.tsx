/** A state select's options: "Choose…" (no state), then one per region of the country. */
import type { Region } from './checkout.schema.ts';

export function RegionOptions({ regions }: { regions: Region[] }) {
  return (
    <>
      <option value="">Choose…</option>
      {regions.map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </>
  );
}
