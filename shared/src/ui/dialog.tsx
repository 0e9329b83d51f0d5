import './ui.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { trapTab } from './trap-tab';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action (leave, cancel a contest) gets the danger colour. */
  tone?: 'primary' | 'danger';
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation: focus moves into it, Escape or the backdrop cancels, focus returns where it was. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  pending = false,
  pendingLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !pending) onCancel();
      // Keep Tab inside the dialog.
      trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, pending, onCancel]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape and Cancel are the keyboard paths.
    <div
      className="bp-dialog__backdrop"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && !pending && onCancel()}
    >
      <div
        ref={panel}
        className="bp-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
      >
        <h2 id={titleId} className="bp-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="bp-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="bp-dialog__actions">
          <Button variant="ghost" onClick={onCancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending} loadingText={pendingLabel}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
