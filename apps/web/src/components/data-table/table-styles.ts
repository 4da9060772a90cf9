/**
 * The console's one table style, dense for operational lists: 35 px rows (001 §9's row estimate, which
 * the virtual list relies on) of 13 px text, a muted sticky header of 12 px semibold headings,
 * hairline row dividers and a hover tint. DataTable and the tables built by hand (the health checks)
 * share these so every list reads the same.
 */
export const TABLE_FRAME = 'overflow-auto rounded-md border border-border bg-surface';
export const TABLE_HEAD = 'sticky top-0 z-10 bg-surface-muted';
export const TABLE_HEAD_CELL = 'border-b border-border px-3 py-2 text-left text-xs font-semibold text-fg-muted';
export const TABLE_ROW = 'border-b border-border-muted';
export const TABLE_ROW_HOVER = 'hover:bg-surface-hover';
export const TABLE_CELL = 'h-[35px] truncate px-3 py-1.5 text-table text-fg';
