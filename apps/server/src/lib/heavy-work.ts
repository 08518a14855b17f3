import { HEAVY_WORK_MESSAGES } from '@mqr/contracts';
import type { FastifyReply } from 'fastify';
import PQueue from 'p-queue';
import type { AppConfig } from '../config.ts';
import { AppError } from './app-error.ts';

/** How much heavy work (label PDFs, CSV exports, import uploads and checks) one instance takes on. */
export interface HeavyWorkLimits {
  /** Running at once on this instance. */
  atOnce: number;
  /** Running or waiting at once for one organization. */
  perOrganization: number;
  /** Requests that may wait for a turn beyond those running. */
  queue: number;
  /** How long a request waits for its turn before it is refused. */
  waitMs: number;
}

/** How long a request waits for a turn before 503, and how many may wait beside those running. */
const WAIT_MS = 15_000;
const WAITING_PER_RUNNING = 2;

/** The limits the settings give (HEAVY_WORK_AT_ONCE, HEAVY_WORK_PER_ORGANIZATION). */
export function heavyWorkLimits(config: Pick<AppConfig, 'heavyWorkAtOnce' | 'heavyWorkPerOrganization'>) {
  return {
    atOnce: config.heavyWorkAtOnce,
    perOrganization: config.heavyWorkPerOrganization,
    queue: config.heavyWorkAtOnce * WAITING_PER_RUNNING,
    waitMs: WAIT_MS,
  };
}

/** What a refused request is told to wait before trying again. */
export const HEAVY_WORK_RETRY_AFTER_SECONDS = 5;

/** Gives the turn back; calling it again does nothing. */
export type Release = () => void;

const refused = (code: 'RATE_LIMITED' | 'UNAVAILABLE', message: string) =>
  new AppError(code, message, { retryAfterSeconds: HEAVY_WORK_RETRY_AFTER_SECONDS });

/**
 * Turns for heavy work on this instance (ADR 089): at most `atOnce` run, in the order they asked;
 * an organization has at most `perOrganization` running or waiting, so one that is at its share
 * never holds others up. A request past its organization's share is refused at once (429), one that
 * finds the queue full or waits longer than `waitMs` too (503), both with Retry-After. Background
 * work (an import's check) waits as long as it takes instead.
 */
export class HeavyWork {
  private readonly queue: PQueue;
  private readonly byOrganization = new Map<string, number>();

  private readonly limits: HeavyWorkLimits;

  constructor(limits: HeavyWorkLimits) {
    this.limits = limits;
    this.queue = new PQueue({ concurrency: limits.atOnce });
  }

  /** Heavy work running and waiting now, on the instance and for one organization. */
  load(organizationId?: string) {
    return {
      running: this.queue.pending,
      waiting: this.queue.size,
      organization: organizationId ? (this.byOrganization.get(organizationId) ?? 0) : 0,
    };
  }

  /**
   * A turn for a request of the organization, or a refusal: RATE_LIMITED past the organization's
   * share, UNAVAILABLE when the queue is full or the turn does not come within waitMs (or `gone`
   * aborts: the client left).
   */
  async forRequest(organizationId: string, gone?: AbortSignal): Promise<Release> {
    if ((this.byOrganization.get(organizationId) ?? 0) >= this.limits.perOrganization) {
      throw refused('RATE_LIMITED', HEAVY_WORK_MESSAGES.organizationBusy);
    }
    if (this.queue.pending >= this.limits.atOnce && this.queue.size >= this.limits.queue) {
      throw refused('UNAVAILABLE', HEAVY_WORK_MESSAGES.serverBusy);
    }
    // Aborted only while the request waits: once running, the turn is held until released.
    const waiting = new AbortController();
    const stopWaiting = () => waiting.abort();
    const timer = setTimeout(stopWaiting, this.limits.waitMs);
    gone?.addEventListener('abort', stopWaiting);
    try {
      return await this.turn(organizationId, waiting.signal);
    } catch (error) {
      if (waiting.signal.aborted) throw refused('UNAVAILABLE', HEAVY_WORK_MESSAGES.serverBusy);
      throw error;
    } finally {
      clearTimeout(timer);
      gone?.removeEventListener('abort', stopWaiting);
    }
  }

  /** Runs background work of the organization in a turn (waiting for it, never refused). */
  async inBackground<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    const release = await this.turn(organizationId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Counts the organization in, then waits for a place among those running (p-queue, in order). */
  private turn(organizationId: string, signal?: AbortSignal): Promise<Release> {
    this.count(organizationId, 1);
    return new Promise<Release>((granted, failed) => {
      this.queue
        .add(
          () =>
            new Promise<void>((finished) => {
              let released = false;
              granted(() => {
                if (released) return;
                released = true;
                this.count(organizationId, -1);
                finished();
              });
            }),
          { signal },
        )
        .catch((error: unknown) => {
          // Aborted while waiting: p-queue took it out of the queue.
          this.count(organizationId, -1);
          failed(error);
        });
    });
  }

  private count(organizationId: string, change: number): void {
    const next = (this.byOrganization.get(organizationId) ?? 0) + change;
    if (next > 0) this.byOrganization.set(organizationId, next);
    else this.byOrganization.delete(organizationId);
  }
}

/**
 * Takes a turn for a request's heavy work (refused as `forRequest` refuses) and holds it until the
 * answer has been sent, a streamed one to its end, or the client has gone away.
 */
export async function holdTurnUntilAnswered(
  heavyWork: HeavyWork,
  organizationId: string,
  reply: FastifyReply,
): Promise<void> {
  const response = reply.raw;
  const gone = new AbortController();
  let release: Release | undefined;
  const closed = () => {
    gone.abort();
    release?.();
  };
  response.once('close', closed);
  try {
    release = await heavyWork.forRequest(organizationId, gone.signal);
  } catch (error) {
    response.off('close', closed);
    throw error;
  }
  // Closed while the turn was being granted.
  if (gone.signal.aborted) release();
}
