import { INCIDENT_INPUT_MESSAGES, INCIDENT_TITLE_MAX } from '@mc/contracts';

/** Why an incident or hypothesis title cannot be sent, in the API's own words; null when it can. */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return INCIDENT_INPUT_MESSAGES.titleRequired;
  return trimmed.length > INCIDENT_TITLE_MAX ? INCIDENT_INPUT_MESSAGES.titleTooLong : null;
}

/** Longest comment the API accepts. */
const COMMENT_MAX = 20_000;

/** Why a comment cannot be sent; null when it can. */
export function commentProblem(comment: string): string | null {
  const trimmed = comment.trim();
  if (!trimmed) return INCIDENT_INPUT_MESSAGES.commentRequired;
  return trimmed.length > COMMENT_MAX ? INCIDENT_INPUT_MESSAGES.commentTooLong : null;
}
