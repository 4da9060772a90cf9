import type { IconType } from '@flanksource/icons';
import { clsx } from 'clsx';
import { Box } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type IconFamily,
  type IconSource,
  iconFamily,
  type ResourceIconName,
  resolveResourceIcon,
} from '../lib/resource-icons';

export type { IconSource };

type IconSet = Readonly<Record<string, IconType>>;

/** One dynamic import per family: the drawings stay out of the first-screen bundle. */
const LOADERS: Record<IconFamily, () => Promise<IconSet>> = {
  kubernetes: () => import('./resource-icon-sets/kubernetes').then((module) => module.ICONS),
  aws: () => import('./resource-icon-sets/aws').then((module) => module.ICONS),
  azure: () => import('./resource-icon-sets/azure').then((module) => module.ICONS),
  gcp: () => import('./resource-icon-sets/gcp').then((module) => module.ICONS),
  general: () => import('./resource-icon-sets/general').then((module) => module.ICONS),
};

const loaded = new Map<IconFamily, IconSet>();
const pending = new Map<IconFamily, Promise<IconSet>>();

function loadFamily(family: IconFamily): Promise<IconSet> {
  let promise = pending.get(family);
  if (!promise) {
    promise = LOADERS[family]().then((icons) => {
      loaded.set(family, icons);
      return icons;
    });
    // A failed chunk (a deploy replaced it) is retried on the next icon that asks for it.
    promise.catch(() => pending.delete(family));
    pending.set(family, promise);
  }
  return promise;
}

function cachedIcon(name: ResourceIconName | undefined): IconType | undefined {
  return name ? loaded.get(iconFamily(name))?.[name] : undefined;
}

/** The drawing of `name` once its family has loaded; undefined meanwhile or for no name. */
function useIconDrawing(name: ResourceIconName | undefined): IconType | undefined {
  const [drawing, setDrawing] = useState<{ name?: ResourceIconName; icon?: IconType }>(() => ({
    name,
    icon: cachedIcon(name),
  }));
  useEffect(() => {
    if (!name || cachedIcon(name)) return;
    let live = true;
    loadFamily(iconFamily(name)).then(
      (icons) => {
        if (live) setDrawing({ name, icon: icons[name] });
      },
      () => undefined, // the generic icon stays; the next render asks again
    );
    return () => {
      live = false;
    };
  }, [name]);
  return cachedIcon(name) ?? (drawing.name === name ? drawing.icon : undefined);
}

/**
 * A resource's type icon (001 §2 resolver): upstream's drawing for Kubernetes kinds, clouds, databases
 * and tools, resolved from its icon, type or config class; a generic box for unknown types and while
 * a drawing's family loads, so a row never shows an empty square. Decorative: the type is written
 * beside it, so the icon is hidden from assistive technology (and stays out of a button's name) and
 * carries the type as a mouse tooltip.
 */
export function ResourceIcon({ source, className }: { source: IconSource; className?: string }) {
  const name = resolveResourceIcon(source);
  const Drawing = useIconDrawing(name);
  const label = source.type ?? source.config_class ?? source.icon ?? undefined;
  const classes = clsx('inline-block size-4 shrink-0', className);
  if (Drawing) {
    return (
      <span aria-hidden="true" data-icon={name} title={label} className={clsx('inline-flex', classes)}>
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
