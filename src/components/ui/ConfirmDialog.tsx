/**
 * The shared confirm dialog (spec: 400px wide, optional title, content and action buttons), for islands
 * such as the cart popup's "Remove All Items". A native modal `<dialog>`: focus stays inside, Escape and
 * a click on the backdrop call onClose, and focus returns to what opened it. Centred on the screen (`m-auto`:
 * the modal dialog's own centring, which the reset's `margin: 0` would otherwise undo).
 *
 *   <ConfirmDialog open={mode !== null} title="Remove Item" onClose={() => setMode(null)}
 *     content="Are you sure you want to remove this product from the cart?"
 *     actions={<><button onClick={cancel}>Cancel</button><button onClick={remove}>Remove</button></>} />
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  content?: ReactNode;
  actions?: ReactNode;
}

export default function ConfirmDialog({ open, onClose, title, content, actions }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={title ? titleId : undefined}
      aria-describedby={content ? contentId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides, so that `open` stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      // Opened from inside a container that is fading out (the cart popup), it must stay visible itself.
      style={{ visibility: 'visible' }}
      className="m-auto w-[400px] max-w-[calc(100vw-2rem)] rounded-md bg-white p-0 text-ink shadow-xl backdrop:bg-primary/40"
    >
      <div className="space-y-4 p-6">
        {title && (
          <h2 id={titleId} className="font-serif text-2xl text-primary">
            {title}
          </h2>
        )}
        {content && (
          <div id={contentId} className="text-sm text-muted">
            {content}
          </div>
        )}
        {actions && <div className="flex justify-end gap-3 pt-2">{actions}</div>}
      </div>
    </dialog>
  );
}
