import '@xyflow/react/dist/style.css';
import { Background, Controls, Handle, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ResourceIcon } from '../../components/resource-icon';
import { StatusDot } from '../../components/status-dot';
import { usePaintedTheme } from '../../lib/theme';
import type { GraphEdge, GraphNode } from './components/relationship-layout';

type ItemNode = Node<GraphNode, 'item'>;

function ItemCard({ data }: NodeProps<ItemNode>) {
  const body = (
    <>
      <ResourceIcon source={{ type: data.type }} />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{data.name}</span>
        <span className="truncate text-[11px] text-fg-muted">{data.type}</span>
      </span>
      {data.health ? <StatusDot status={data.health} /> : null}
    </>
  );
  // xyflow turns pointer events off on a node that can be neither selected nor dragged: the card takes them back
  const className = clsx(
    'pointer-events-auto flex w-56 items-center gap-2 rounded border bg-surface px-2 py-1.5 text-xs shadow-sm',
    data.root ? 'border-primary ring-2 ring-primary-soft' : 'border-border-strong hover:border-primary',
  );
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {data.root ? (
        <div className={className} aria-current="true">
          {body}
        </div>
      ) : (
        <Link to={`/catalog/${data.id}/relationships`} className={className} aria-label={`Open ${data.name}`}>
          {body}
        </Link>
      )}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </>
  );
}

const NODE_TYPES = { item: ItemCard };

/**
 * The relationship graph (xyflow): the item in the middle, each related item a card that opens it. It sits at
 * the feature's root, not in components/, so that it is a chunk of its own loaded with the Relationships tab:
 * in components/ it joined `area-catalog`, whose static imports then brought xyflow (57 kB gzip) to /catalog's
 * list (docs/web.md 'Bundle rules').
 */
export function RelationshipsGraph({ nodes, edges }: { nodes: GraphNode[]; edges: GraphEdge[] }) {
  const flowNodes = useMemo<ItemNode[]>(
    () =>
      nodes.map((node) => ({
        id: node.id,
        type: 'item',
        position: { x: node.x, y: node.y },
        data: node,
        draggable: false,
        connectable: false,
      })),
    [nodes],
  );
  const theme = usePaintedTheme();
  const flowEdges = useMemo(() => edges.map((edge) => ({ ...edge, animated: false })), [edges]);
  return (
    <div className="h-[32rem] rounded border border-border" data-testid="relationships-graph">
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={NODE_TYPES}
        colorMode={theme}
        fitView
        nodesConnectable={false}
        elementsSelectable={false}
        minZoom={0.2}
        maxZoom={1}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
