/** The dashboard: where the Topology form returns unless its caller asks for another page of the console. */
export const TOPOLOGY_HOME = '/topology';

/**
 * The Topology form's own address (001 §2): the dashboard's Add Topology and the Add Integration wizard's
 * Custom Topology tile open it, with `?returnTo=<console path>` for where Save and Cancel go back to.
 * Kept apart from the form's page so the landing page links to it without loading the editor.
 */
export const TOPOLOGY_FORM_PATH = '/topology/add';

/**
 * Where the form returns: `returnTo` when it is a path of this console (one leading slash, no scheme,
 * no protocol-relative address or backslash, so a crafted link cannot send someone elsewhere after
 * saving), else the dashboard.
 */
export function formReturnPath(returnTo: string | null): string {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return TOPOLOGY_HOME;
  return returnTo;
}
