import { Link } from 'react-router';

/** The header action of the silences page. */
export function AddSilenceLink() {
  return (
    <Link
      to="/notifications/silences/add"
      className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
    >
      Add Silence
    </Link>
  );
}
