import { useEffect, useState } from 'react';

interface About {
  version: string;
  engine: string;
}

/** Root component; the console shell replaces this as its issue lands. */
export function App() {
  const [about, setAbout] = useState<About | null>(null);
  useEffect(() => {
    fetch('/api/about')
      .then((response) => (response.ok ? (response.json() as Promise<About>) : null))
      .then(setAbout)
      .catch(() => setAbout(null));
  }, []);
  return (
    <main className="min-h-screen bg-gray-50 p-8 text-gray-900">
      <h1 className="text-2xl font-semibold">Mission Control</h1>
      <p className="mt-2 text-sm text-gray-600">
        Backend version {about?.version ?? 'NA'}
        {about ? ` on ${about.engine}` : ''}
      </p>
    </main>
  );
}
