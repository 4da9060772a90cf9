import { useQuery, useQueryClient } from '@tanstack/react-query';
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

/** How often the organisation list is re-read while the active organisation's backend is being provisioned. */
export const PROVISIONING_POLL_MS = 3_000;

/** Whether the console can talk to an organisation's backend: it has an address and a finished instance. */
export function isReady(org: Organization): boolean {
  return Boolean(org.backend_url && org.instance_finished);
}

/** What decides where the console's calls go; a change re-points the client. */
const targetKey = (org: Organization) => `${org.id}|${org.backend_url}|${org.instance_finished}|${org.direct}`;

/**
 * Hosted mode (000 §1, §7): before any data call, chooses the active organisation and points the API
 * client at its backend (direct) or the service's proxy; with no organisation yet, offers to create one.
 * While its backend is provisioned, re-reads the list and, once it is ready, points the client at it and
 * asks every query again (the provisioning screen gives way to the page). Remembers the page last seen
 * in each organisation for the landing after a switch.
 */
export function OrganizationGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const orgs = useQuery({
    queryKey: organizationsKey,
    queryFn: listOrganizations,
    refetchInterval: (query) => {
      const active = query.state.data ? pickOrganization(query.state.data, activeOrganizationId()) : undefined;
      return active && !isReady(active) ? PROVISIONING_POLL_MS : false;
    },
  });
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const location = useLocation();
  const chosen = orgs.data ? pickOrganization(orgs.data, activeOrganizationId()) : undefined;
  const chosenKey = chosen ? targetKey(chosen) : undefined;
  if (chosen && chosenKey !== activeKey) {
    activateOrganization(chosen);
    setActiveKey(chosenKey);
  }
  useEffect(() => {
    // a re-pointed client (first choice, or a backend that became ready) asks every other query again
    if (activeKey)
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== organizationsKey[0] });
  }, [activeKey, queryClient]);
  const activeId = chosen?.id;
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
  if (activeKey !== chosenKey) return <div className="flex-1" aria-busy="true" />;
  return <>{children}</>;
}
