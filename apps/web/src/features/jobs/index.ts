/**
 * The jobs feature's public face for other features: the job history table, which a resource's detail
 * page shows filtered to that resource (its Job History tab).
 */
export { JobHistoryTable } from './components/job-history-table';
