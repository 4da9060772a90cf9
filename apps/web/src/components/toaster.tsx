import { TOAST_DURATION_MS } from '@mc/contracts';
import { Toaster as Sonner } from 'sonner';
import { usePaintedTheme } from '../lib/theme';
import { TOAST_POSITION } from '../lib/toast';

/** The one toast outlet: bottom right, 5 s (001 §8), in the console's theme. */
export function Toaster() {
  const theme = usePaintedTheme();
  return <Sonner position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors theme={theme} />;
}
