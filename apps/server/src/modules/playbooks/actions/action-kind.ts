/**
 * One playbook action type: the schema of its (rendered) fields and how it runs. One file per type,
 * listed in registry.ts; adding a type touches this folder only.
 */
import type { Database } from '@mc/db';
import type { z } from 'zod';
import type { Config } from '../../../platform/config.js';

/** The run an attempt belongs to: artifacts are filed under its action row, the ai action reads its resource. */
export interface ActionRun {
  id: string;
  /** This attempt's playbook_run_actions row. */
  actionId: string;
  resource?: { kind: 'check' | 'config' | 'component'; id: string } | undefined;
}

/** What an action gets besides its fields. */
export interface ActionContext {
  database: Database;
  /** The server's configuration: stored connections are decrypted with it (connectionsServiceFor). */
  config: Config;
  run: ActionRun;
  /**
   * Who last saved the playbook (null: the system): stored connections are resolved with their rights,
   * re-checked at each run (docs/connections.md "Who may use a connection").
   */
  savedBy: string | null;
  /** Aborted on the action's timeout, the run's cancel, or shutdown: stop promptly. */
  signal: AbortSignal;
  /**
   * Appends live output to the run's log stream (GET /api/playbook/run/{id}/logs/stream), for output a
   * person wants to watch while the action runs: text is split at newlines (a trailing partial line
   * waits for the rest), so a raw chunk of a process's output may be passed as it comes. Optional so
   * callers that do not stream (tests, one-off runs) may leave it out. The runner caps the log and
   * replaces secret parameters' values, but an action should still never pass credentials.
   */
  log?: (line: string) => void;
  /**
   * Replaces the run's secret values (secret parameters, secret-named env) in a text the action stores
   * itself, outside its output (which the runner redacts): e.g. an artifact. Identity when absent.
   */
  redact?: (text: string) => string;
}

/** An action type. `run` resolves with the action's output (stored as its result) or throws its error. */
export interface ActionKind<S extends z.ZodType = z.ZodType> {
  type: string;
  schema: S;
  /** Why the type cannot run on this server now (a switch the operator controls), or null. */
  disabledReason?: () => string | null;
  run(fields: z.output<S>, ctx: ActionContext): Promise<Record<string, unknown>>;
}

/** Declares an action type with its fields typed by its schema. */
export function defineAction<S extends z.ZodType>(kind: ActionKind<S>): ActionKind<S> {
  return kind;
}
