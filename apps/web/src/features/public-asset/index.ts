/**
 * What the public asset page's feature offers the others (ADR 022): the words of a reported
 * problem's urgency and of a request's closing reason, which the staff's requests screens show too.
 */
export { CLOSE_REASON_WORDS, URGENCY_WORDS } from './texts.ts';
