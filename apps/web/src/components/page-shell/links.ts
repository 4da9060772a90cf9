/** External documentation the help menu and the kubeconfig modal link to; a build can override the base. */
export const DOCS_URL: string = import.meta.env.VITE_DOCS_URL ?? 'https://flanksource.com/docs';
export const AGENT_DOCS_URL = `${DOCS_URL}/installation/saas/agent`;
export const KUBECONFIG_DOCS_URL = `${DOCS_URL}/reference/kubeconfig`;
