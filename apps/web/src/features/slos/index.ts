/**
 * The SLOs area's public face: the SLO panel the check modal and the component page show.
 * Everything else in this folder is private to the area.
 */
export { SloPanel } from './components/slo-panel';
