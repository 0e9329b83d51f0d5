/** What Tab reaches inside a modal: enabled buttons, links, form fields and elements put in the tab order. */
const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex="0"]';

/**
 * Keeps Tab inside a modal `container`: Tab on its last focusable element moves to the first, Shift+Tab on the first
 * moves to the last. Meant for the modal's keydown listener; other keys, and a container with nothing focusable, are
 * left to the browser.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
