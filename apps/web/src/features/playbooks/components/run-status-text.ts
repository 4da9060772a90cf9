/** Words for run and action statuses as the playbook pages show them. */
export const RUN_STATUS_TEXT: Record<string, string> = {
  pending_approval: 'Pending approval',
  scheduled: 'Scheduled',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  timed_out: 'Timed out',
  skipped: 'Skipped',
};
