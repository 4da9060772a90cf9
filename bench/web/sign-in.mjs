/** The first admin the bench servers are started with (MC_BENCH_EMAIL / MC_BENCH_PASSWORD for another server). */
export const benchCredentials = {
  email: process.env.MC_BENCH_EMAIL ?? 'bench@example.com',
  password: process.env.MC_BENCH_PASSWORD ?? 'bench-Admin-password-1',
};

async function signInOnce(context, base, credentials) {
  const json = { Accept: 'application/json' };
  const flowAnswer = await context.request.get(`${base}/api/.ory/self-service/login/browser`, { headers: json });
  if (!flowAnswer.ok()) throw new Error(`Login flow failed: ${flowAnswer.status()} ${await flowAnswer.text()}`);
  const flow = await flowAnswer.json();
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const answer = await context.request.post(flow.ui.action, {
    headers: json,
    data: { method: 'password', identifier: credentials.email, password: credentials.password, csrf_token: csrf },
  });
  if (!answer.ok()) throw new Error(`Sign-in failed: ${answer.status()}`);
}

/**
 * Signs the browser context in through the login flow (a real session cookie), retrying: right after
 * start the embedded database is busy with the first jobs.
 */
export async function signIn(context, base, credentials = benchCredentials) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signInOnce(context, base, credentials);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
