import type { RelatedConfig } from '../api/catalog-types';

/** Horizontal and vertical spacing of the graph's columns and rows. */
export const GRAPH_SPACING = { column: 300, row: 80 } as const;

/** An item placed in the graph (a type alias: xyflow wants node data indexable). */
export type GraphNode = {
  id: string;
  name: string;
  type: string | null;
  health: string | null;
  root: boolean;
  x: number;
  y: number;
};

/** A relationship drawn from one item to another. */
export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

/** The column of a row: the item at 0, what points to it (incoming) left, what it points to right. */
function columnOf(row: RelatedConfig, rootId: string): number {
  if (row.id === rootId || row.direction === 'self') return 0;
  const depth = Math.max(1, row.depth ?? 1);
  return row.direction === 'incoming' ? -depth : depth;
}

/**
 * Lays out the rows of `related_configs_recursive`: one column per depth on each side of the item,
 * rows stacked and centred in their column; one edge per id in a row's `related_ids` that was reached.
 */
export function layoutRelationships(
  root: { id: string; name: string | null; type: string | null; health?: string | null },
  rows: readonly RelatedConfig[],
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const all: RelatedConfig[] = rows.some((row) => row.id === root.id)
    ? [...rows]
    : [{ ...root, depth: 0, direction: 'self', related_ids: [] }, ...rows];
  const byColumn = new Map<number, RelatedConfig[]>();
  for (const row of all) {
    const column = columnOf(row, root.id);
    byColumn.set(column, [...(byColumn.get(column) ?? []), row]);
  }
  const nodes: GraphNode[] = [];
  for (const [column, members] of byColumn) {
    members.forEach((row, index) => {
      nodes.push({
        id: row.id,
        name: row.name ?? row.id,
        type: row.type,
        health: row.health ?? null,
        root: row.id === root.id,
        x: column * GRAPH_SPACING.column,
        y: (index - (members.length - 1) / 2) * GRAPH_SPACING.row,
      });
    });
  }
  const ids = new Set(all.map((row) => row.id));
  const edges: GraphEdge[] = [];
  for (const row of all) {
    for (const target of row.related_ids ?? []) {
      if (target !== row.id && ids.has(target)) {
        edges.push({ id: `${row.id}->${target}`, source: row.id, target });
      }
    }
  }
  return { nodes, edges };
}
