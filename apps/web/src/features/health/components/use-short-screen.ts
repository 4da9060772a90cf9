import { MOBILE_LAYOUT_HEIGHT } from '@mc/contracts';
import { useEffect, useState } from 'react';

/** True while the window is shorter than 992 px (000 §9): the check chart then moves to its own Graph tab. */
export function useShortScreen(): boolean {
  const [short, setShort] = useState(() => window.innerHeight < MOBILE_LAYOUT_HEIGHT);
  useEffect(() => {
    const onResize = () => setShort(window.innerHeight < MOBILE_LAYOUT_HEIGHT);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return short;
}
