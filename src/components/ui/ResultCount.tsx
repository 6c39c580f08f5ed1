/** A listing's result count ("12 pieces"), announced as it changes, with "Updating…" while results load. */
export default function ResultCount({ count, noun, busy }: { count: number | string; noun: string; busy: boolean }) {
  return (
    <p role="status" aria-live="polite" className="text-sm">
      <strong className="text-lg">{count}</strong> {noun}
      {busy && <span className="ml-2 text-muted">Updating…</span>}
    </p>
  );
}
