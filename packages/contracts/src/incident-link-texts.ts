// Apart from incidents.ts, which builds zod schemas: pages that only show the Attach as Evidence
// button (the health check modal) read these texts without bringing zod into their first load.

/** Texts, messages and constants of the Link to Incident dialog (spec 001 §2, §5, §8, §9). */
export const LINK_TO_INCIDENT = {
  title: 'Link to Incident',
  submit: 'Link',
  submitting: 'Linking..',
  success: 'Linked to incident successfully',
  attachButton: 'Attach as Evidence',
  toastDurationMs: 5000,
  lookupDebounceMs: 100,
  defaultType: 'availability',
  defaultSeverity: 'low',
  messages: {
    incident: 'Must select or create an incident',
    hypothesis: 'Must select or create a hypothesis',
    severity: 'Please select incident severity',
    type: 'Please select an incident type',
  },
} as const;
