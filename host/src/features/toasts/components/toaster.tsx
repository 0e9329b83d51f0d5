import { type Toast, useToastStore } from '@bullpen/shared';

// SPEC §1: success, error, or warning with a yellow warning icon; a Close button; 5 s; at most 500px wide.

function ToastIcon({ kind }: { kind: Toast['kind'] }) {
  if (kind === 'warning') {
    return (
      <svg
        className="host-toast__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        data-icon="warning"
      >
        <path d="M12 2 1 21h22L12 2z" fill="#f5c84c" />
        <path d="M11 9h2v6h-2zm0 8h2v2h-2z" fill="#0b1014" />
      </svg>
    );
  }
  if (kind === 'error') {
    return (
      <svg className="host-toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-icon="error">
        <circle cx="12" cy="12" r="11" fill="#ff6b6b" />
        <path d="m8 8 8 8m0-8-8 8" stroke="#0b1014" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg className="host-toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-icon="success">
      <circle cx="12" cy="12" r="11" fill="#5bd0b3" />
      <path d="m7 12.5 3.2 3.2L17 9" stroke="#0b1014" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

const LABEL: Record<Toast['kind'], string> = { success: 'Success', error: 'Error', warning: 'Warning' };

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <section className="host-toasts" aria-label="Notifications">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`host-toast host-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          style={{ maxWidth: 500 }}
        >
          <ToastIcon kind={toast.kind} />
          <p className="host-toast__message">
            <span className="visually-hidden">{LABEL[toast.kind]}: </span>
            {toast.message}
          </p>
          <button type="button" className="host-toast__close" onClick={() => dismiss(toast.id)}>
            Close
          </button>
        </div>
      ))}
    </section>
  );
}
