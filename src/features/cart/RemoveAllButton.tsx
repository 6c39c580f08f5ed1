/** The cart's "Remove All" link-style button (the cart page's and the popup's; the caller asks to confirm). */
export function RemoveAllButton({ className, onClick }: { className: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={className}>
      Remove All
    </button>
  );
}
