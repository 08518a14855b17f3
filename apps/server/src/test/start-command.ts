// How `npm start` runs the server (ADR 100, 112): its process settings, read from the root package.json,
// so that the bench and the resilience tests start the server as production does.
import { readFileSync } from 'node:fs';

const ROOT_PACKAGE = new URL('../../../../package.json', import.meta.url);

/** `npm start`'s last command, split: the `NAME=value`s before `node` and the flags node gets before the entry. */
function startCommand(): { assignments: string[]; nodeFlags: string[] } {
  const { scripts } = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split('&&').at(-1)!.trim();
  const parts = /^((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)\S/.exec(command);
  if (!parts) throw new Error(`npm start runs no \`node\`: ${scripts.start}`);
  const words = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean);
  return { assignments: words(parts[1]), nodeFlags: words(parts[2]) };
}

/**
 * The variables `npm start` gives the server (glibc's malloc settings and NODE_OPTIONS, see the README's
 * Production section), so the bench and the resilience tests run it as production does.
 */
export function startEnvironment(): Record<string, string> {
  return Object.fromEntries(
    startCommand().assignments.map((assignment) => {
      const at = assignment.indexOf('=');
      return [assignment.slice(0, at), assignment.slice(at + 1)];
    }),
  );
}

/** The V8 flags `npm start` gives node on its command line (NODE_OPTIONS refuses them). */
export function startNodeFlags(): string[] {
  return startCommand().nodeFlags;
}

/** Both, as startServerProcess's `asStarted` takes them. */
export function asStarted(): { env: Record<string, string>; nodeFlags: string[] } {
  return { env: startEnvironment(), nodeFlags: startNodeFlags() };
}
