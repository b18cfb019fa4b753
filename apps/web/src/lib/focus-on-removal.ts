const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Called by a list item's own control (a Remove button) just before it removes the item: the
 * keyboard focus would go with the item, down to the page's body (WCAG 2.4.3). It moves to the same
 * control of the next item, else of the previous one, else to the main content. Does nothing when
 * the control does not have the focus.
 */
export function moveFocusBeforeRemoval(control: HTMLElement): void {
  if (document.activeElement !== control) return;
  const item = control.closest('li');
  const position = item ? Array.from(item.querySelectorAll(FOCUSABLE)).indexOf(control) : -1;
  const sameControlIn = (sibling: Element | null | undefined) =>
    position < 0 ? undefined : sibling?.querySelectorAll<HTMLElement>(FOCUSABLE)[position];
  const target =
    sameControlIn(item?.nextElementSibling) ??
    sameControlIn(item?.previousElementSibling) ??
    document.getElementById('main');
  target?.focus();
}
