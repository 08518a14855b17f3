/** The audit log's and the activity timeline's words. */
export const AUDIT_TEXTS = {
  adminTitle: 'Audit Logs',
  memberTitle: 'My Activity',
  loadFailed: 'Failed to load audit logs',
  activityLoadFailed: 'Failed to load activity logs',
  empty: 'No audit logs found for the selected criteria.',
  clearFilters: 'Clear Filters',
  unknownIp: 'Unknown',
  /** total and pages are text where the server stopped counting ("10,000+"). */
  summary: (shown: number, total: number | string, page: number, pages: number | string) =>
    `Showing ${shown} of ${total} audit logs (Page ${page} of ${pages})`,
  noActivities: 'No Activities Found - Your activity history will appear here as you use the system.',
} as const;
