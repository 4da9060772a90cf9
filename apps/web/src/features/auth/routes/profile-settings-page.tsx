import { AUTH_TEXTS, SETTINGS_MESSAGE_CLEAR_MS } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Flow } from '../api/ory';
import { useFlow } from '../api/use-flow';
import { Notice } from '../components/auth-card';
import { FlowForm, FlowMessages } from '../components/flow-form';

const [PROFILE, PASSWORD, SOCIAL, BACKUP, TOTP, KEYS] = AUTH_TEXTS.settingsSections;

/** The six sections of /profile-settings (000 §2) and the node group each renders. */
const SECTIONS: { title: string; group: string; empty: string }[] = [
  { title: PROFILE, group: 'profile', empty: '' },
  { title: PASSWORD, group: 'password', empty: '' },
  { title: SOCIAL, group: 'oidc', empty: 'No social sign-in provider is configured.' },
  { title: BACKUP, group: 'lookup_secret', empty: '' },
  { title: TOTP, group: 'totp', empty: '' },
  { title: KEYS, group: 'webauthn', empty: '' },
];

/** /profile-settings: one form per section; flow messages clear after 10 s; 'Go back' to return_to. */
export function ProfileSettingsPage() {
  const [params] = useSearchParams();
  const { flow, notice, submitting, submit } = useFlow('settings');
  const [shown, setShown] = useState<Flow>();
  useEffect(() => {
    setShown(flow);
    if (!flow?.ui.messages?.length) return;
    const timer = setTimeout(() => setShown({ ...flow, ui: { ...flow.ui, messages: [] } }), SETTINGS_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [flow]);
  const returnTo = params.get('return_to');
  const back = returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <Link to={back} className="text-sm text-link hover:underline">
        {AUTH_TEXTS.goBack}
      </Link>
      <Notice text={notice} />
      {shown && <FlowMessages messages={shown.ui.messages} />}
      {SECTIONS.map((section) => {
        const has = shown?.ui.nodes.some((n) => n.group === section.group);
        return (
          <section
            key={section.title}
            className="space-y-3 rounded-lg bg-surface p-6 shadow"
            aria-label={section.title}
          >
            <h2 className="text-lg font-semibold text-fg">{section.title}</h2>
            {shown && has ? (
              <FlowForm
                flow={shown}
                groups={[section.group]}
                onSubmit={(values) => void submit(values)}
                submitting={submitting}
                showMessages={false}
              />
            ) : (
              section.empty && <p className="text-sm text-fg-subtle">{section.empty}</p>
            )}
          </section>
        );
      })}
    </main>
  );
}
