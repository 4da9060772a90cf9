/**
 * What this server does with each field of an upstream format (Canary, ScrapeConfig, Topology), beside
 * the facts files (`*.json`, field names written by scripts/upstream-fields.mjs). A field is honoured
 * (`honoured`: the test file that exercises it), pending (`pending`: accepted today, being implemented —
 * the reason; it and every field below it are tolerated), or else it must be refused at save. The field
 * walk (apps/server/src/test/upstream-compatibility.test.ts) checks all three and writes
 * docs/upstream-compatibility.md.
 */
export interface UpstreamFieldRegistry {
  /** Field path (`http.tlsConfig.ca`, `spec.schedule`, `EnvVar.valueFrom`) → the test file showing it works. */
  honoured: Readonly<Record<string, string>>;
  /** Field path → why it is accepted while not yet honoured; covers the fields below it. */
  pending: Readonly<Record<string, string>>;
}
