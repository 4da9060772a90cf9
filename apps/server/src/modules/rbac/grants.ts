/** A permission row as the authorisation function reads it. */
export interface PermissionRuleRow {
  id: string;
  action: string;
  deny: boolean;
  object: string | null;
  config_id: string | null;
  component_id: string | null;
  canary_id: string | null;
  playbook_id: string | null;
  connection_id: string | null;
  check_id: string | null;
}

/** What the authorisation function knows about a person: roles, teams, live permission rows. */
export interface Grants {
  roles: string[];
  teamIds: string[];
  rules: PermissionRuleRow[];
}

/** The grant columns as a person's row of the authentication query returns them. */
export interface GrantColumns {
  roles: string[] | null;
  team_ids: string[] | null;
  rules: PermissionRuleRow[] | null;
}

/** Grants from the grant columns of the authentication query (rbac.repo's `grantColumns`). */
export function grantsFromColumns(row: GrantColumns | undefined): Grants {
  return { roles: row?.roles ?? [], teamIds: row?.team_ids ?? [], rules: row?.rules ?? [] };
}
