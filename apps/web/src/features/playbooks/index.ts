/**
 * The playbooks feature's public face for other features: the Run Playbook dialog, a resource's list
 * of applicable playbooks (a catalog item's Playbooks tab) and the "Run Playbook" button of a
 * component page or a check's modal.
 */
export type {
  PlaybookResource,
  PlaybookRunActionView,
  PlaybookRunHistory,
  PlaybookRunView,
  PlaybookSummary,
} from './api/playbooks';
export { NO_APPLICABLE_PLAYBOOKS, ResourcePlaybooks, RunPlaybookButton } from './components/resource-playbooks';
export { RunPlaybookDialog } from './components/run-playbook-dialog';
