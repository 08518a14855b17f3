import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  CREATE: <path d="M10 4v12M4 10h12" />,
  UPDATE: <path d="m13.5 3.5 3 3L7 16H4v-3l9.5-9.5Z" />,
  DELETE: <path d="M4 6h12M8 6V4h4v2m-6 0 1 10h6l1-10" />,
  START_TASK: <path d="M6 4v12l10-6L6 4Z" />,
  COMPLETE_TASK: <path d="m4 10.5 4 4 8-9" />,
  RETIRE: <path d="M3 5h14v3H3zM4 8v8h12V8M8 11h4" />,
  RESTORE: <path d="M4 10a6 6 0 1 0 2-4.5M4 3v3h3" />,
  REVOKE: <path d="M10 3a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM5 5l10 10" />,
  UNDO: <path d="M7 4 3 8l4 4M3 8h9a4 4 0 0 1 0 8H8" />,
  MOVE: <path d="M3 10h12m-4-4 4 4-4 4" />,
};

/** A small decorative icon for an audit action (a second cue beside the badge colour). */
export function ActionIcon({ action, className }: { action: string; className?: string | undefined }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[action] ?? <circle cx="10" cy="10" r="4" />}
    </svg>
  );
}
