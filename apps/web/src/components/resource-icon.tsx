import { DARK_INK_ICONS, ICON_LOADERS } from 'virtual:resource-icon-loaders';
import { GenIcon, type IconType } from '@flanksource/icons';
import { clsx } from 'clsx';
import { Box } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  COMMON_RESOURCE_ICONS,
  type IconSource,
  type ResourceIconName,
  resolveResourceIcon,
} from '../lib/resource-icons';

export type { IconSource };

const loaded = new Map<ResourceIconName, IconType>();
const pending = new Map<ResourceIconName, Promise<IconType | undefined>>();

const COMMON = new Set<string>(COMMON_RESOURCE_ICONS);

/**
 * The common drawings, asked for as this module loads (with the page that shows icons, before its rows'
 * data has arrived), so a long list's first frame draws them directly. Settles either way: a failed chunk
 * leaves each common drawing to its own loader.
 */
const common: Promise<void> = import('virtual:resource-icons-common').then(
  (module) => {
    for (const [name, tree] of Object.entries(module.default)) {
      if (!loaded.has(name as ResourceIconName)) loaded.set(name as ResourceIconName, GenIcon(tree));
    }
  },
  () => undefined,
);

/** Loads one drawing (a chunk of its own, or the common chunk), once; a failed chunk is asked for again next time. */
function loadDrawing(name: ResourceIconName): Promise<IconType | undefined> {
  let promise = pending.get(name);
  if (!promise) {
    const loader = ICON_LOADERS[name];
    const before = COMMON.has(name) ? common : Promise.resolve();
    promise = loader
      ? before.then(
          () =>
            loaded.get(name) ??
            loader().then((module) => {
              const icon = GenIcon(module.default);
              loaded.set(name, icon);
              return icon;
            }),
        )
      : Promise.resolve(undefined);
    promise.catch(() => pending.delete(name));
    pending.set(name, promise);
  }
  return promise;
}

/**
 * The drawing of `name` once loaded; undefined meanwhile or for no name. The effect asks for the drawing
 * unless this render drew it: a drawing that arrived between the render and the effect (the common
 * drawings, asked for as this module loads, often do when the module itself was loaded lazily) would
 * otherwise leave the generic icon until some other render.
 */
function useIconDrawing(name: ResourceIconName | undefined): IconType | undefined {
  const [drawing, setDrawing] = useState<{ name?: ResourceIconName; icon?: IconType }>({});
  const shown = name ? (loaded.get(name) ?? (drawing.name === name ? drawing.icon : undefined)) : undefined;
  const drawn = shown !== undefined;
  useEffect(() => {
    if (!name || drawn) return;
    let live = true;
    loadDrawing(name).then(
      (icon) => {
        if (live) setDrawing({ name, icon });
      },
      () => undefined, // the generic icon stays; the next mount asks again
    );
    return () => {
      live = false;
    };
  }, [name, drawn]);
  return shown;
}

/**
 * A resource's type icon (001 §2 resolver): upstream's drawing for Kubernetes kinds, clouds, databases
 * and tools, resolved from its icon, type or config class; a generic box for unknown types and while
 * a drawing's family loads, so a row never shows an empty square. Drawings with dark ink get a light
 * tile in the dark theme, where they were invisible on the dark surfaces. Decorative: the type is written
 * beside it, so the icon is hidden from assistive technology (and stays out of a button's name) and
 * carries the type as a mouse tooltip.
 */
export function ResourceIcon({ source, className }: { source: IconSource; className?: string }) {
  const name = resolveResourceIcon(source);
  const Drawing = useIconDrawing(name);
  const label = source.type ?? source.config_class ?? source.icon ?? undefined;
  const classes = clsx('inline-block size-4 shrink-0', className);
  if (Drawing) {
    // a drawing with dark ink (Kafka's black mark, AWS's wordmark) sits on a light tile in the dark theme
    const backdrop = name && DARK_INK_ICONS.has(name);
    return (
      <span
        aria-hidden="true"
        data-icon={name}
        data-dark-ink={backdrop ? 'true' : undefined}
        title={label}
        className={clsx('inline-flex', classes, backdrop && 'dark:rounded-[3px] dark:bg-white/90 dark:p-px')}
      >
        <Drawing aria-hidden="true" focusable="false" className="size-full" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-icon={name ? `${name}-loading` : 'generic'}
      title={label}
      className={clsx('inline-flex text-fg-subtle', classes)}
    >
      <Box aria-hidden="true" focusable="false" className="size-full" strokeWidth={1.75} />
    </span>
  );
}
