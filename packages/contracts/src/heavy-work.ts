import { englishMessages } from './messages.ts';
/**
 * Heavy work (label PDFs, CSV exports, import uploads and checks) runs a few at a time per server
 * and per organization (ADR 089); what a request that finds no turn is told, beside Retry-After.
 */
export const HEAVY_WORK_MESSAGES = {
  ...englishMessages({
    organizationBusy: /*i18n*/ {
      id: 'heavyWork.organizationBusy',
      message:
        'Your organization is already making as many large files (labels, exports or imports) as it may at once. Try again in a few seconds.',
    },
    serverBusy: /*i18n*/ {
      id: 'heavyWork.serverBusy',
      message: 'The server is busy making large files for others. Try again in a few seconds.',
    },
  }),
} as const;
