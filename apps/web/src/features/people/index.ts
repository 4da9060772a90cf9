/**
 * The people feature's public face for other features: a team's member list, the Members tab of a team in
 * the resource editor (/settings/teams/{id}).
 */
export { TeamMembersPanel } from './components/team-members-panel';
