import { trapTab } from './trap-tab';

/** A container with the given markup, in the document so that focus works. */
function modal(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.replaceChildren(container);
  return container;
}

const tab = (shiftKey = false) => new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });

describe('trapTab', () => {
  const markup =
    '<button id="first">A</button><button disabled>off</button><textarea id="middle"></textarea>' +
    '<ol id="last" tabindex="0"></ol>';

  it.each([
    { keys: 'Tab', shiftKey: false, from: 'last', to: 'first' },
    { keys: 'Shift+Tab', shiftKey: true, from: 'first', to: 'last' },
  ])('moves $keys on the $from focusable element to the $to', ({ shiftKey, from, to }) => {
    const container = modal(markup);
    container.querySelector<HTMLElement>(`#${from}`)?.focus();
    const event = tab(shiftKey);
    trapTab(event, container);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe(to);
  });

  it('leaves Tab between the ends, and other keys, to the browser', () => {
    const container = modal(markup);
    container.querySelector<HTMLElement>('#middle')?.focus();
    for (const event of [tab(), tab(true)]) {
      trapTab(event, container);
      expect(event.defaultPrevented).toBe(false);
    }
    container.querySelector<HTMLElement>('#last')?.focus();
    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    trapTab(enter, container);
    expect(enter.defaultPrevented).toBe(false);
    expect(document.activeElement?.id).toBe('last');
  });

  it('does nothing in a container with nothing focusable, or none at all', () => {
    const container = modal('<p>Only text</p><button disabled>off</button>');
    for (const event of [tab(), tab(true)]) {
      trapTab(event, container);
      expect(event.defaultPrevented).toBe(false);
    }
    const event = tab();
    trapTab(event, null);
    expect(event.defaultPrevented).toBe(false);
  });
});
