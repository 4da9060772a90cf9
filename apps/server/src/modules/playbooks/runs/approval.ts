/**
 * Whether a run's approval is satisfied: `any` needs one approval from a listed person or team member;
 * `all` needs every listed person and every listed team (any member of it) to have approved.
 */

interface Listed {
  personIds: readonly { id: string }[];
  teamIds: readonly { id: string }[];
}

/** `approved` once the approvals given satisfy the approval type, else `waiting`. */
export function approvalState(
  type: 'any' | 'all',
  listed: Listed,
  given: readonly { person_id: string | null; team_id: string | null }[],
): 'approved' | 'waiting' {
  if (type === 'any') return given.length > 0 ? 'approved' : 'waiting';
  const people = listed.personIds.every((p) => given.some((g) => g.person_id === p.id));
  const teams = listed.teamIds.every((t) => given.some((g) => g.team_id === t.id));
  return people && teams ? 'approved' : 'waiting';
}
