import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { activeOrganizationId, lastPageOf } from './active-organization';

/**
 * /organizations/orgs-switched (000 §2): the landing after choosing or creating an organisation. Drops
 * every cached answer (they belong to the previous organisation's backend) and goes on to the last page
 * seen in the new organisation.
 */
export function OrgsSwitchedPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    queryClient.clear();
    const orgId = activeOrganizationId();
    navigate(orgId ? lastPageOf(orgId) : '/', { replace: true });
  }, [queryClient, navigate]);
  return <div className="flex-1" aria-busy="true" data-testid="orgs-switched" />;
}
