import { clsx } from 'clsx';

/** What an icon is resolved from: a type with levels 'A::B' and a config class (001 §3). */
export interface IconSource {
  type?: string | null;
  config_class?: string | null;
  icon?: string | null;
}

/** Known icon families and their badge colour. */
const FAMILIES: Record<string, string> = {
  kubernetes: 'bg-blue-600',
  aws: 'bg-orange-500',
  azure: 'bg-sky-600',
  gcp: 'bg-emerald-600',
  database: 'bg-violet-600',
  http: 'bg-teal-600',
  git: 'bg-rose-600',
  server: 'bg-slate-600',
};

const ALIASES: Record<string, string> = {
  k8s: 'kubernetes',
  pod: 'kubernetes',
  deployment: 'kubernetes',
  namespace: 'kubernetes',
  node: 'server',
  virtualmachine: 'server',
  ec2: 'aws',
  postgres: 'database',
  mysql: 'database',
  sql_server: 'database',
  github: 'git',
  gitlab: 'git',
  google_cloud: 'gcp',
};

function family(name: string | null | undefined): string | undefined {
  const key = name?.toLowerCase().replace(/[^a-z0-9_]/g, '');
  if (!key) return undefined;
  if (FAMILIES[key]) return key;
  return ALIASES[key];
}

/**
 * Resolves an icon name: an explicit icon, then each level of the type from the first ('AWS' in
 * 'AWS::EC2::Instance') down to the last, then the config class. Unknown gives undefined.
 */
export function resolveIconName(source: IconSource): string | undefined {
  const candidates = [source.icon, ...(source.type?.split('::') ?? []), source.config_class];
  for (const candidate of candidates) {
    const found = family(candidate);
    if (found) return found;
  }
  return undefined;
}

/** A small badge for a resource type: its resolved family's colour and the type's last level. */
export function ResourceIcon({ source, className }: { source: IconSource; className?: string }) {
  const name = resolveIconName(source);
  const last = source.type?.split('::').at(-1) ?? source.config_class ?? '?';
  return (
    <span
      data-icon={name ?? 'generic'}
      title={source.type ?? source.config_class ?? undefined}
      className={clsx(
        'inline-flex size-5 shrink-0 items-center justify-center rounded text-[9px] font-bold uppercase text-white',
        name ? FAMILIES[name] : 'bg-gray-400',
        className,
      )}
    >
      {last.slice(0, 2)}
    </span>
  );
}
