/**
 * The health feature's public face for other features: a check's detail modal (a component page opens
 * the checks it lists in it). Callers load it with `import()`, so the health area arrives with the modal.
 */
export { CheckDetailModal } from './components/check-detail-modal';
