/**
 * The first step of every network check: ask the egress guard about the host and get the one address
 * to connect to. A refusal or a failed lookup becomes a {@link CheckFailure} with the guard's message.
 */
import { EgressRefusedError, type EgressTarget } from '../../../platform/egress/egress-guard.js';
import { type CheckContext, CheckFailure } from './check-context.js';
import { describeNetworkError, errorText } from './network-errors.js';

/** Checks the host against the egress policy; throws {@link CheckFailure} when it may not be reached. */
export async function guardTarget(host: string, ctx: CheckContext): Promise<EgressTarget> {
  try {
    return await ctx.egress.check(host, ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (error instanceof EgressRefusedError) throw new CheckFailure(error.message, error.message, { host });
    throw new CheckFailure(describeNetworkError(error, host), errorText(error), { host });
  }
}
