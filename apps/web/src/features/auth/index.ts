/**
 * The auth feature's public face: the sign-in, registration, recovery and settings routes the routing
 * table appends (they render without the sidebar and without a session).
 */
export { identityAuthRoutes } from './auth-routes';
