import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './tabs.module.css';

export type TTab = { id: string; label: string; content: ReactNode };

type TTabsProps = { label: string; tabs: readonly TTab[] };

/**
 * Tabs by the ARIA pattern: a tablist whose tabs move focus and selection with the arrow keys,
 * Home and End; only the selected tab is in the tab order. A panel is rendered from its first
 * visit on and kept (hidden) afterwards, so that typed input survives a switch.
 */
export function Tabs({ label, tabs }: TTabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected]));
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(id: string, focus: boolean) {
    setSelected(id);
    setVisited((current) => (current.has(id) ? current : new Set(current).add(id)));
    if (focus) tabRefs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (next) select(next.id, true);
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-controls={`${baseId}-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab.id, false)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
        >
          {visited.has(tab.id) ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
