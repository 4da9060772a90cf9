import { truncateText } from '../lib/format';

/** Text cut with an ellipsis past `max` characters; the whole text stays in the tooltip. */
export function TruncatedText({ text, max }: { text: string; max: number }) {
  const shown = truncateText(text, max);
  return <span title={shown === text ? undefined : text}>{shown}</span>;
}
