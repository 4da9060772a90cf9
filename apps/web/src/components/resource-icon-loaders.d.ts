/** Served by scripts/resource-icons-plugin.ts: one loader per drawing the resolver can name. */
declare module 'virtual:resource-icon-loaders' {
  import type { IconTree } from '@flanksource/icons';

  /** Each drawing's SVG tree, as upstream's GenIcon takes it. */
  export const ICON_LOADERS: Readonly<Record<string, () => Promise<{ default: IconTree }>>>;
}
