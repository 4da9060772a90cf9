import { callKey, type EarlyRequest, requestParts } from './request-parts';

/**
 * How long an early answer waits for its call: the page's own call comes within a second or two of the boot;
 * one never made (another page opened, a filter changed) must not answer a later call with old data.
 */
const EARLY_ANSWER_TTL_MS = 10_000;

type EarlyAnswers = Map<string, { answer: Promise<Response | undefined>; at: number }>;

/**
 * The answers asked for early, kept on the page's global object: the boot script inlined into index.html
 * is a bundle of its own (scripts/route-preload.ts), so it and the console's modules share them there.
 */
function earlyAnswers(): EarlyAnswers {
  const page = globalThis as typeof globalThis & { __mcEarlyAnswers?: EarlyAnswers };
  page.__mcEarlyAnswers ??= new Map();
  return page.__mcEarlyAnswers;
}

/**
 * Sends a same-origin call the page being opened will make, before the console's own scripts have loaded
 * and run: the first identical call the client makes within 10 seconds takes its answer instead of asking
 * again (each answer once). A failed early call is asked again by the page itself.
 */
export function askEarly({ path, options = {} }: EarlyRequest): void {
  const parts = requestParts(path, options);
  const key = callKey(parts);
  const answers = earlyAnswers();
  if (answers.has(key)) return;
  const { url, method, headers, body } = parts;
  const answer = fetch(url, { method, headers, body, credentials: 'include' }).catch(() => undefined);
  answers.set(key, { answer, at: performance.now() });
}

/** Whether any early answer waits to be taken. */
export function hasEarlyAnswers(): boolean {
  return earlyAnswers().size > 0;
}

/** Drops every early answer not taken yet (the client now calls another target). */
export function clearEarlyAnswers(): void {
  earlyAnswers().clear();
}

/** The early answer to the call with this key, if one was asked for recently; each is taken once. */
export async function takeEarlyAnswer(key: string, signal: AbortSignal | undefined): Promise<Response | undefined> {
  const answers = earlyAnswers();
  const early = answers.get(key);
  if (!early) return undefined;
  answers.delete(key);
  if (performance.now() - early.at > EARLY_ANSWER_TTL_MS) return undefined;
  const response = await early.answer;
  signal?.throwIfAborted();
  return response;
}
