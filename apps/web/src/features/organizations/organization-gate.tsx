import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { activateOrganization, activeOrganizationId, rememberLastPage } from './active-organization';
import { CreateOrganizationForm } from './organization-switcher';
import { listOrganizations, type Organization, organizationsKey } from './organizations-api';

/** The organisation a console works in: the remembered one while the person still belongs to it, else the first. */
export function pickOrganization(
  orgs: readonly Organization[],
  remembered: string | undefined,
): Organization | undefined {
  return orgs.find((org) => org.id === remembered) ?? orgs[0];
}

/**
 * Hosted mode (000 §1, §7): before any data call, chooses the active organisation and points the API
 * client at its backend (direct) or the service's proxy; with no organisation yet, offers to create one.
 * Remembers the page last seen in each organisation for the landing after a switch.
 */
export function OrganizationGate({ children }: { children: ReactNode }) {
  const orgs = useQuery({ queryKey: organizationsKey, queryFn: listOrganizations });
  const [activeId, setActiveId] = useState<string | undefined>();
  const location = useLocation();
  const chosen = orgs.data ? pickOrganization(orgs.data, activeOrganizationId()) : undefined;
  if (chosen && chosen.id !== activeId) {
    activateOrganization(chosen);
    setActiveId(chosen.id);
  }
  useEffect(() => {
    if (activeId) rememberLastPage(activeId, `${location.pathname}${location.search}`);
  }, [activeId, location.pathname, location.search]);
  if (orgs.error) return <ErrorPanel error={orgs.error} onRetry={() => orgs.refetch()} />;
  if (!orgs.data) return <div className="flex-1" aria-busy="true" />;
  if (!chosen) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3" data-testid="no-organization">
        <p className="text-fg-muted">Create an organisation to start.</p>
        <CreateOrganizationForm />
      </div>
    );
  }
  if (activeId !== chosen.id) return <div className="flex-1" aria-busy="true" />;
  return <>{children}</>;
}
