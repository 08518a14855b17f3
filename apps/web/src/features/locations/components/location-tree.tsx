import { useLingui } from '@lingui/react';
import type { TLocationNode } from '@mqr/contracts';
import {
  createContext,
  type DragEvent,
  type KeyboardEvent,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useLocationChildren } from '../api/get-location-children.ts';
import { LOCATION_TEXTS } from '../texts.ts';
import { LocationCounts } from './location-counts.tsx';
import styles from './location-tree.module.css';

/** What every node of the tree shares: what is open, what is chosen, and what a drop does. */
type TTreeContext = {
  expanded: ReadonlySet<string>;
  toggle: (id: string, open?: boolean) => void;
  selectedId: string | null;
  select: (node: TLocationNode) => void;
  /** The node the keyboard's Tab reaches: the chosen one, else the first. */
  tabStop: string | null;
  /** Administrators drag a node onto another (null: the top level) to move it there. */
  canDrag: boolean;
  dragged: TLocationNode | null;
  setDragged: (node: TLocationNode | null) => void;
  onDrop: (node: TLocationNode, parent: TLocationNode | null) => void;
};

const TreeContext = createContext<TTreeContext | null>(null);

function useTree(): TTreeContext {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('A tree node outside its LocationTree');
  return tree;
}

type TLocationTreeProps = {
  /** The sites, already loaded (the page says when there are none). */
  sites: TLocationNode[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  selectedId: string | null;
  onSelect: (node: TLocationNode) => void;
  /** Enter on a node, or a click on its name: its page. */
  onOpen: (node: TLocationNode) => void;
  canDrag: boolean;
  onDrop: (node: TLocationNode, parent: TLocationNode | null) => void;
};

/**
 * The location tree (ARIA's tree view, docs/product/locations.md#locations-screen): one level loaded
 * when its parent opens. The keyboard moves the focus from node to node (one Tab stop): Down and Up
 * to the next and previous node shown, Right opens a node then goes to its first child, Left closes
 * it then goes to its parent, Home and End; Enter (on the node) opens its page. The focused node is
 * the chosen one. Administrators may also drag a node onto another, or onto the top level.
 */
export function LocationTree({
  sites,
  hasMore,
  loadingMore,
  onMore,
  selectedId,
  onSelect,
  onOpen,
  canDrag,
  onDrop,
}: TLocationTreeProps) {
  const { _ } = useLingui();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dragged, setDragged] = useState<TLocationNode | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const hintId = useId();

  const toggle = (id: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tree = treeRef.current;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!tree || !item) return;
    const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const index = items.indexOf(item);
    const id = item.dataset.id;
    const focus = (target: HTMLElement | null | undefined) => {
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        focus(items[index + 1]);
        break;
      case 'ArrowUp':
        focus(items[index - 1]);
        break;
      case 'Home':
        focus(items[0]);
        break;
      case 'End':
        focus(items.at(-1));
        break;
      case 'ArrowRight':
        event.preventDefault();
        if (item.getAttribute('aria-expanded') === 'false' && id) toggle(id, true);
        else if (item.getAttribute('aria-expanded') === 'true') {
          const first = item.querySelector<HTMLElement>('[role="group"] [role="treeitem"]');
          if (first) first.focus();
        }
        break;
      case 'ArrowLeft':
        event.preventDefault();
        if (item.getAttribute('aria-expanded') === 'true' && id) toggle(id, false);
        else focus(item.parentElement?.closest<HTMLElement>('[role="treeitem"]'));
        break;
      default:
    }
  }

  const context: TTreeContext = {
    expanded,
    toggle,
    selectedId,
    select: onSelect,
    tabStop: selectedId ?? sites[0]?.id ?? null,
    canDrag,
    dragged,
    setDragged,
    onDrop,
  };

  return (
    <TreeContext.Provider value={context}>
      <p id={hintId} className={styles.hint}>
        {_(LOCATION_TEXTS.treeHint)} {canDrag ? _(LOCATION_TEXTS.dragHint) : null}
      </p>
      {canDrag && dragged && dragged.parentId !== null ? <TopDropZone /> : null}
      <div
        ref={treeRef}
        role="tree"
        aria-label={_(LOCATION_TEXTS.tree)}
        aria-describedby={hintId}
        className={styles.tree}
        onKeyDown={onKeyDown}
      >
        <TreeNodes
          nodes={sites}
          level={1}
          total={sites.length}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onMore={onMore}
          onOpen={onOpen}
        />
      </div>
    </TreeContext.Provider>
  );
}

/** Where a dragged location is dropped to become a site. */
function TopDropZone() {
  const { _ } = useLingui();
  const tree = useTree();
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; Move is the keyboard's way
    <div
      className={`${styles.topZone} ${over ? styles.dropOver : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (tree.dragged) tree.onDrop(tree.dragged, null);
        tree.setDragged(null);
      }}
    >
      {_(LOCATION_TEXTS.dropTop)}
    </div>
  );
}

type TTreeNodesProps = {
  nodes: TLocationNode[];
  level: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onOpen: (node: TLocationNode) => void;
};

/** The nodes of one level, and "Show more locations" when the level has more than one page. */
function TreeNodes({ nodes, level, total, hasMore, loadingMore, onMore, onOpen }: TTreeNodesProps) {
  const { _ } = useLingui();
  return (
    <>
      {nodes.map((node, index) => (
        <TreeNode
          key={node.id}
          node={node}
          level={level}
          position={index + 1}
          total={total}
          onOpen={onOpen}
        />
      ))}
      {hasMore ? (
        <div
          role="treeitem"
          aria-level={level}
          aria-selected={false}
          tabIndex={-1}
          className={styles.more}
          onClick={() => {
            if (!loadingMore) onMore();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!loadingMore) onMore();
          }}
        >
          {_(loadingMore ? LOCATION_TEXTS.loadingMore : LOCATION_TEXTS.showMore)}
        </div>
      ) : null}
    </>
  );
}

type TTreeNodeProps = {
  node: TLocationNode;
  level: number;
  position: number;
  total: number;
  onOpen: (node: TLocationNode) => void;
};

/** One location: its name (a link to its page), its code and counts; its children once open. */
function TreeNode({ node, level, position, total, onOpen }: TTreeNodeProps) {
  const { _ } = useLingui();
  const tree = useTree();
  const nameId = useId();
  const countsId = useId();
  const [dropOver, setDropOver] = useState(false);
  const hasChildren = node.childCount > 0;
  const open = hasChildren && tree.expanded.has(node.id);
  const selected = tree.selectedId === node.id;
  const { select } = tree;

  // The chosen node's counts and path follow the data as it reloads (after a move, an edit).
  useEffect(() => {
    if (selected) select(node);
  }, [selected, node, select]);

  const dropHandlers = tree.canDrag
    ? {
        onDragOver: (event: DragEvent) => {
          event.stopPropagation();
          if (!tree.dragged || tree.dragged.id === node.id) return;
          event.preventDefault();
          setDropOver(true);
        },
        onDragLeave: (event: DragEvent) => {
          event.stopPropagation();
          setDropOver(false);
        },
        onDrop: (event: DragEvent) => {
          event.stopPropagation();
          event.preventDefault();
          setDropOver(false);
          if (tree.dragged && tree.dragged.id !== node.id) tree.onDrop(tree.dragged, node);
          tree.setDragged(null);
        },
      }
    : {};

  return (
    <div
      role="treeitem"
      data-id={node.id}
      aria-level={level}
      aria-setsize={total}
      aria-posinset={position}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={selected}
      aria-labelledby={nameId}
      aria-describedby={countsId}
      tabIndex={tree.tabStop === node.id ? 0 : -1}
      className={styles.node}
      draggable={tree.canDrag}
      onDragStart={(event) => {
        event.stopPropagation();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', node.path);
        tree.setDragged(node);
      }}
      onDragEnd={(event) => {
        event.stopPropagation();
        tree.setDragged(null);
      }}
      onFocus={(event) => {
        // Focus inside a child node is that node's.
        if (event.target === event.currentTarget) select(node);
      }}
      onKeyDown={(event) => {
        // Enter on the node itself (not on a child node inside it) opens its page.
        if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
        event.preventDefault();
        onOpen(node);
      }}
    >
      <div
        className={[styles.row, selected ? styles.selected : '', dropOver ? styles.dropOver : '']
          .filter(Boolean)
          .join(' ')}
        {...dropHandlers}
      >
        {hasChildren ? (
          // The mouse's toggle; the keyboard opens and closes a node with Right and Left.
          <span
            className={styles.toggle}
            aria-hidden="true"
            onClick={(event) => {
              event.stopPropagation();
              tree.toggle(node.id);
              (event.currentTarget.closest('[role="treeitem"]') as HTMLElement | null)?.focus();
            }}
          >
            {open ? '▾' : '▸'}
          </span>
        ) : (
          <span className={styles.toggle} aria-hidden="true" />
        )}
        <span className={styles.label}>
          <Link
            id={nameId}
            to={`/locations/${node.id}`}
            tabIndex={-1}
            className={styles.name}
            onClick={(event) => event.stopPropagation()}
          >
            {node.name}
          </Link>
          {node.code ? <span className={styles.code}>{_(LOCATION_TEXTS.code(node.code))}</span> : null}
        </span>
        <LocationCounts counts={node.counts} id={countsId} />
      </div>
      {open ? <TreeChildren parent={node} level={level + 1} onOpen={onOpen} /> : null}
    </div>
  );
}

/** An open node's children, loaded when it opens. */
function TreeChildren({
  parent,
  level,
  onOpen,
}: {
  parent: TLocationNode;
  level: number;
  onOpen: (node: TLocationNode) => void;
}) {
  const { _ } = useLingui();
  const query = useLocationChildren(parent.id);
  const nodes = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? nodes.length;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a tree's group of child nodes (ARIA's tree view), not a form's fieldset
    <div role="group" className={styles.group} aria-busy={query.isPending}>
      {query.isPending ? (
        <div className={styles.status}>{_(LOCATION_TEXTS.loading)}</div>
      ) : query.isError ? (
        <div className={styles.status}>{_(LOCATION_TEXTS.failed)}</div>
      ) : (
        <TreeNodes
          nodes={nodes}
          level={level}
          total={total}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
          onOpen={onOpen}
        />
      )}
    </div>
  );
}
