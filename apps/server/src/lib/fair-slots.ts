import pLimit, { type LimitFunction } from 'p-limit';

/** How many slots an instance has, and how many of them one organization may hold or wait for. */
export interface FairSlotsLimits {
  /** Work running at once on the instance. */
  atOnce: number;
  /** Work of one organization running or waiting in the instance's queue; the rest waits in its own. */
  perOrganization: number;
}

interface OrganizationQueue {
  limit: LimitFunction;
  /** Work of the organization running or waiting anywhere: the queue is dropped when it is 0. */
  users: number;
}

/**
 * Slots shared fairly between organizations (ADR 153): at most `atOnce` pieces of work run, and each
 * organization has at most `perOrganization` of them running or waiting in the instance's queue
 * (both p-limit, in the order asked); its other work waits in a queue of its own. Another
 * organization's work so waits behind at most `perOrganization` of each busy organization's, however
 * much one of them sends; with `perOrganization` below `atOnce`, one busy organization always leaves
 * a slot to the others. Nothing is refused.
 */
export class FairSlots {
  private readonly instance: LimitFunction;
  private readonly byOrganization = new Map<string, OrganizationQueue>();
  private readonly perOrganization: number;

  constructor(limits: FairSlotsLimits) {
    if (limits.perOrganization > limits.atOnce)
      throw new RangeError('perOrganization must not exceed atOnce');
    this.instance = pLimit(limits.atOnce);
    this.perOrganization = limits.perOrganization;
  }

  /** Runs the organization's work in its turn and answers what it answers. */
  async run<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    const own = this.queueOf(organizationId);
    own.users += 1;
    try {
      return await own.limit(() => this.instance(work));
    } finally {
      own.users -= 1;
      if (own.users === 0) this.byOrganization.delete(organizationId);
    }
  }

  /** Work running and waiting on the instance, and the organization's work not yet finished. */
  load(organizationId?: string) {
    return {
      running: this.instance.activeCount,
      waiting: this.instance.pendingCount,
      organization: organizationId ? (this.byOrganization.get(organizationId)?.users ?? 0) : 0,
    };
  }

  private queueOf(organizationId: string): OrganizationQueue {
    let own = this.byOrganization.get(organizationId);
    if (!own) {
      own = { limit: pLimit(this.perOrganization), users: 0 };
      this.byOrganization.set(organizationId, own);
    }
    return own;
  }
}
