import { DIGEST_SECTION_LIMIT } from '@mqr/contracts';

// What a daily digest says (ADR 060): built from the rows of one query per organization, kept as the
// outbox row's content, rendered into a message when it is sent.

export const DIGEST_SECTIONS = ['overdue', 'dueToday', 'dueSoon'] as const;
export type DigestSectionName = (typeof DIGEST_SECTIONS)[number];

export interface DigestTask {
  taskId: string;
  assetId: string;
  assetName: string;
  title: string;
  /** YYYY-MM-DD in the organization's calendar. */
  dueOn: string;
  /** Nobody is assigned to it (or its assignee was deactivated): it is in an administrator's digest. */
  unassigned: boolean;
}

export interface DigestSection {
  /** Every task of the section; `tasks` lists at most DIGEST_SECTION_LIMIT of them. */
  total: number;
  tasks: DigestTask[];
}

export interface DigestContent {
  organizationName: string;
  recipientName: string;
  /** The organization's date the digest is for. */
  localDate: string;
  sections: Record<DigestSectionName, DigestSection>;
  /** Requests from the QR code waiting for triage, for those who triage them (ADR 129). */
  requests?: WaitingRequests;
}

/** A request waiting for triage, as the digest lists it. */
export interface WaitingRequest {
  requestId: string;
  assetName: string;
  urgency: string;
  description: string;
}

/** The organization's new requests: how many (and how many unsafe), the first DIGEST_SECTION_LIMIT, unsafe first. */
export interface WaitingRequests {
  total: number;
  unsafe: number;
  items: WaitingRequest[];
}

/** Someone who triages requests and gets the digest. */
export interface Triager {
  userId: string;
  email: string;
  displayName: string;
}

/**
 * The waiting requests go into the digest of each person who triages them: added to the digest they
 * get for their tasks, or a digest of their own (no tasks) when any request waits.
 */
export function withWaitingRequests(
  digests: Digest[],
  triagers: Triager[],
  waiting: WaitingRequests,
  context: { organizationName: string; localDate: string },
): Digest[] {
  if (waiting.total === 0) return digests;
  const byUser = new Map(digests.map((digest) => [digest.userId, digest]));
  const empty = () =>
    Object.fromEntries(DIGEST_SECTIONS.map((name) => [name, { total: 0, tasks: [] }])) as unknown as Record<
      DigestSectionName,
      DigestSection
    >;
  for (const triager of triagers) {
    const digest = byUser.get(triager.userId);
    if (digest) {
      digest.content.requests = waiting;
      continue;
    }
    byUser.set(triager.userId, {
      userId: triager.userId,
      email: triager.email,
      content: {
        organizationName: context.organizationName,
        recipientName: triager.displayName,
        localDate: context.localDate,
        sections: empty(),
        requests: waiting,
      },
    });
  }
  return [...byUser.values()];
}

/** One row of the digest query: a task for a recipient, with the size of its share of the section. */
export interface DigestRow extends DigestTask {
  userId: string;
  email: string;
  displayName: string;
  /** 0 overdue, 1 due today, 2 due soon. */
  section: number;
  /** How many tasks that share (the recipient's own, or the unassigned ones) has in this section. */
  sectionTotal: number;
}

export interface Digest {
  userId: string;
  email: string;
  content: DigestContent;
}

const byDueDate = (a: DigestTask, b: DigestTask) =>
  a.dueOn.localeCompare(b.dueOn) || a.taskId.localeCompare(b.taskId);

/**
 * The digests of an organization's people from the digest query's rows: per person, their own tasks
 * and (administrators) the unassigned ones, by section, overdue first, each section by due date and
 * capped at DIGEST_SECTION_LIMIT, with its full count.
 */
export function buildDigests(
  rows: DigestRow[],
  context: { organizationName: string; localDate: string },
): Digest[] {
  const people = new Map<string, { row: DigestRow; rows: DigestRow[] }>();
  for (const row of rows) {
    const person = people.get(row.userId) ?? { row, rows: [] };
    person.rows.push(row);
    people.set(row.userId, person);
  }
  return [...people.values()].map(({ row: first, rows: own }) => {
    const sections = Object.fromEntries(
      DIGEST_SECTIONS.map((name, index) => {
        const inSection = own.filter((row) => row.section === index);
        // Each share (own, unassigned) counts its whole section once.
        const totals = new Map(inSection.map((row) => [row.unassigned, row.sectionTotal]));
        const total = [...totals.values()].reduce((sum, n) => sum + n, 0);
        const tasks = inSection
          .map(({ taskId, assetId, assetName, title, dueOn, unassigned }) => ({
            taskId,
            assetId,
            assetName,
            title,
            dueOn,
            unassigned,
          }))
          .sort(byDueDate)
          .slice(0, DIGEST_SECTION_LIMIT);
        return [name, { total, tasks }];
      }),
    ) as Record<DigestSectionName, DigestSection>;
    return {
      userId: first.userId,
      email: first.email,
      content: {
        organizationName: context.organizationName,
        recipientName: first.displayName,
        localDate: context.localDate,
        sections,
      },
    };
  });
}
