/** Served by scripts/resource-icons-plugin.ts: one loader per drawing the resolver can name. */
declare module 'virtual:resource-icon-loaders' {
  import type { IconTree } from '@flanksource/icons';

  /** Each drawing's SVG tree, as upstream's GenIcon takes it. */
  export const ICON_LOADERS: Readonly<Record<string, () => Promise<{ default: IconTree }>>>;
  /** Drawings painted partly in a colour too dark for the dark theme's surfaces (scripts/icon-ink.ts). */
  export const DARK_INK_ICONS: ReadonlySet<string>;
}

/** Served by scripts/resource-icons-plugin.ts: the trees of COMMON_RESOURCE_ICONS, one chunk. */
declare module 'virtual:resource-icons-common' {
  import type { IconTree } from '@flanksource/icons';

  const trees: Readonly<Record<string, IconTree>>;
  export default trees;
}
