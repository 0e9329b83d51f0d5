import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type AuthTab = 'signIn' | 'signUp';

const TABS: readonly { id: AuthTab; label: string }[] = [
  { id: 'signIn', label: 'Sign In' },
  { id: 'signUp', label: 'Create Account' },
];

/**
 * SPEC §2: the two tabs of the widget. ARIA's tabs pattern: one Tab stop (the selected tab); the arrow keys, Home and
 * End move to another tab and select it.
 */
export function AuthTabs({
  selected,
  onSelect,
  children,
}: {
  selected: AuthTab;
  onSelect: (tab: AuthTab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const buttons = useRef<Partial<Record<AuthTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[(target + TABS.length) % TABS.length];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[tab.id]?.focus();
  };

  return (
    <div className="bullpen-auth__tabs">
      <div
        role="tablist"
        aria-label="Sign in or create an account"
        className="bullpen-auth__tablist"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              buttons.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="bullpen-auth__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} className="bullpen-auth__panel">
        {children}
      </div>
    </div>
  );
}
