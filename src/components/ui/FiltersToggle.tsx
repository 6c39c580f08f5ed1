/** The "Show filters" / "Hide filters" button that opens a listing's filter form on small screens. */
export default function FiltersToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="w-full rounded-full border border-primary px-4 py-2 text-sm font-medium md:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? 'Hide filters' : 'Show filters'}
    </button>
  );
}
