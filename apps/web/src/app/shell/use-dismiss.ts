import { type RefObject, useEffect } from 'react';

/**
 * While `open`: a pointer press or focus outside `container`, the Escape key, or any navigation (a
 * new `pathname`) calls `onDismiss`. Escape also returns focus to `returnFocus`. No router here: the
 * lean public page uses it too (ADR 032).
 */
export function useDismiss(
  pathname: string,
  open: boolean,
  container: RefObject<HTMLElement | null>,
  onDismiss: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating (a new pathname) is the trigger.
  useEffect(() => {
    onDismiss();
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: Event) {
      const target = event.target as Node | null;
      if (target && container.current?.contains(target)) return;
      onDismiss();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      onDismiss();
      returnFocus?.current?.focus();
    }
    function onFocusIn(event: FocusEvent) {
      const target = event.target as Node | null;
      if (target && !container.current?.contains(target)) onDismiss();
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, container, onDismiss, returnFocus]);
}
