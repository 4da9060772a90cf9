import { TOAST_DURATION_MS } from '@mc/contracts';
import { Toaster as Sonner } from 'sonner';
import { usePaintedTheme } from '../lib/theme';
import { TOAST_POSITION } from '../lib/toast';

/**
 * The one toast outlet: bottom right, 5 s (001 §8), in the console's theme. Marked as React Aria's top
 * layer so an open modal dialog does not hide the toasts from assistive technology: a toast's link
 * ('Linked to incident successfully' → the incident) stays reachable over a dialog.
 */
export function Toaster() {
  const theme = usePaintedTheme();
  return (
    <div data-react-aria-top-layer="true">
      <Sonner position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors theme={theme} />
    </div>
  );
}
