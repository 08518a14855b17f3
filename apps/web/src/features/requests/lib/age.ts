import type { MessageDescriptor } from '@lingui/core';
import { REQUEST_TEXTS } from '../texts.ts';

/**
 * How long ago a request was reported, as a message of the catalogs ("5 minutes ago", "vor 3
 * Stunden"): minutes under an hour (at least one), hours under two days, then days.
 */
export function ageOf(createdAt: string, now: Date = new Date()): MessageDescriptor {
  const minutes = Math.max(1, Math.round((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return REQUEST_TEXTS.ageMinutes(minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 48) return REQUEST_TEXTS.ageHours(hours);
  return REQUEST_TEXTS.ageDays(Math.round(hours / 24));
}
