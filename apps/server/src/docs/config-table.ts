import { CONFIG_DOCS } from '../config.ts';

export const CONFIG_TABLE_START = '<!-- config-table:start -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** The README's configuration table, made from CONFIG_DOCS so the two cannot drift apart. */
export function renderConfigTable(): string {
  const rows = CONFIG_DOCS.map(
    (doc) =>
      `| \`${doc.name}\` | ${doc.default.replaceAll('|', '\\|')} | ${doc.description.replaceAll('|', '\\|')} |`,
  );
  return ['| Variable | Default | What it sets |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces the table between the README's markers. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error('README has no config-table markers');
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${renderConfigTable()}\n${readme.slice(end)}`;
}
