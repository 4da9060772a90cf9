import type { ExpandedState } from '@tanstack/react-table';
import { readStored, readStoredJson, writeStored } from '../../lib/storage';

/** Session-storage key of one table's remembered state on the current path (001 §9). */
export function tableStorageKey(tableId: string, part: 'scroll' | 'expanded'): string {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return `table:${tableId}:${path}:${part}`;
}

/** The remembered scroll offset of a table, or 0. */
export function readScroll(tableId: string): number {
  const value = Number(readStored(tableStorageKey(tableId, 'scroll'), 'session'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Remembers a table's scroll offset for this browser session. */
export function writeScroll(tableId: string, offset: number): void {
  writeStored(tableStorageKey(tableId, 'scroll'), String(Math.round(offset)), 'session');
}

/** The remembered expanded rows (group rows) of a table. */
export function readExpanded(tableId: string): ExpandedState {
  return readStoredJson<ExpandedState>(tableStorageKey(tableId, 'expanded'), {}, 'session');
}

/** Remembers a table's expanded rows. */
export function writeExpanded(tableId: string, expanded: ExpandedState): void {
  writeStored(tableStorageKey(tableId, 'expanded'), JSON.stringify(expanded), 'session');
}
