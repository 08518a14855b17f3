import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * While `open`: a pointer press or focus outside `container`, the Escape key, or any navigation
 * calls `onDismiss`. Escape also returns focus to `returnFocus`.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  onDismiss: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
) {
  const { pathname } = useLocation();
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
