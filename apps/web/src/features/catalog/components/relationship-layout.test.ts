import { describe, expect, it } from 'vitest';
import { buildConfigItem, buildRelated, ITEM_ID, OTHER_ID } from '../testing/build-catalog';
import { GRAPH_SPACING, layoutRelationships } from './relationship-layout';

describe('relationship layout', () => {
  it('puts the item in the middle, outgoing items right and incoming left, one column per depth', () => {
    const root = buildConfigItem();
    const rows = [
      buildRelated({ id: ITEM_ID, name: root.name, depth: 0, direction: 'self', related_ids: [OTHER_ID] }),
      buildRelated({ id: OTHER_ID, depth: 1, direction: 'outgoing' }),
      buildRelated({ id: 'up', name: 'namespace', depth: 2, direction: 'incoming', related_ids: [ITEM_ID] }),
    ];
    const { nodes, edges } = layoutRelationships(root, rows);
    const at = (id: string) => nodes.find((node) => node.id === id);
    expect(at(ITEM_ID)).toMatchObject({ root: true, x: 0 });
    expect(at(OTHER_ID)?.x).toBe(GRAPH_SPACING.column);
    expect(at('up')?.x).toBe(-2 * GRAPH_SPACING.column);
    expect(edges.map((edge) => [edge.source, edge.target])).toEqual([
      [ITEM_ID, OTHER_ID],
      ['up', ITEM_ID],
    ]);
  });

  it('adds the item when the answer leaves it out, and drops edges to items not reached', () => {
    const { nodes, edges } = layoutRelationships(buildConfigItem(), [buildRelated({ related_ids: ['gone'] })]);
    expect(nodes.map((node) => node.id)).toEqual([ITEM_ID, OTHER_ID]);
    expect(edges).toEqual([]);
  });
});
