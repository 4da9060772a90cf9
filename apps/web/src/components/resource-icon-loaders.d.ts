/** Served by scripts/resource-icons-plugin.ts: one loader per drawing the resolver can name. */
declare module 'virtual:resource-icon-loaders' {
  import type { IconType } from '@flanksource/icons';

  export const ICON_LOADERS: Readonly<Record<string, () => Promise<{ default: IconType }>>>;
}
