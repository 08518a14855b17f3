import { LABEL_LAYOUT_IDS, type TLabelLayoutId } from '@mqr/contracts';
import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/** Where the browser keeps the layout of the last labels downloaded (docs/product/overview.md#stored-in-the-browser). */
const KEY = 'mqr.label-layout';

/** The layout last printed in this browser (a team keeps one kind of label stock), else Avery L7160. */
export function rememberedLayout(): TLabelLayoutId {
  const stored = safeLocalStorage()?.getItem(KEY);
  return LABEL_LAYOUT_IDS.find((id) => id === stored) ?? 'avery-l7160';
}

export function rememberLayout(layout: TLabelLayoutId): void {
  try {
    safeLocalStorage()?.setItem(KEY, layout);
  } catch {
    // Full or blocked storage: the next dialog starts from the default layout.
  }
}
